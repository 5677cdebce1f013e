// HandoffContent and PreparedHandoff values, the Handoff artifact's references, and the content's byte size.
import {
  HANDOFF_SCHEMA,
  PREPARED_HANDOFF_SCHEMA,
  utf8Length,
  type ArtifactReference,
  type HandoffContent,
  type HandoffDraft,
  type PreparedHandoff,
} from "@powercontext/protocol";

export function handoffRef(revision: number): ArtifactReference {
  return { family: "handoff", artifact_id: "handoff", revision };
}

export function isHandoffRef(ref: ArtifactReference): boolean {
  return ref.family === "handoff" && ref.artifact_id === "handoff";
}

/** The draft plus `schema`, keys in contract order. */
export function toContent(draft: HandoffDraft): HandoffContent {
  return {
    schema: HANDOFF_SCHEMA,
    objective: draft.objective,
    state: draft.state,
    disposition: draft.disposition,
    next_action: draft.next_action,
    omissions: draft.omissions,
  };
}

/** The draft part of a content value (drops `schema`). */
export function toDraft(content: HandoffContent): HandoffDraft {
  return {
    objective: content.objective,
    state: content.state,
    disposition: content.disposition,
    next_action: content.next_action,
    omissions: content.omissions,
  };
}

/** The budget measure of contract §8.2: the content as pretty JSON (2-space indent, with `schema`), in UTF-8 bytes. */
export function contentBytes(draft: HandoffDraft): number {
  return utf8Length(JSON.stringify(toContent(draft), null, 2));
}

export function preparedHandoff(scopeId: string, base: ArtifactReference | null, draft: HandoffDraft): PreparedHandoff {
  return { schema: PREPARED_HANDOFF_SCHEMA, scope_id: scopeId, base, content: toContent(draft) };
}
