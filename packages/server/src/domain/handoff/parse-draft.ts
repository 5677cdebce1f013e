// Strict parsing of an untrusted HandoffDraft (model output): the contract's closed shape and limits, nothing coerced.
import {
  codePointLength,
  type HandoffCitation,
  type HandoffDraft,
  type HandoffOmission,
  type HandoffStatement,
} from "@powercontext/protocol";

type Json = Record<string, unknown>;

const IDENTIFIER = /^[\x21-\x7E]{1,128}$/;
const DISPOSITIONS = new Set(["continuable", "blocked", "complete"]);

/** An object with exactly `keys` (all present, nothing else). */
function exactObject(value: unknown, keys: readonly string[]): Json | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const own = Object.keys(value);
  if (own.length !== keys.length || !keys.every((key) => Object.hasOwn(value, key))) return null;
  return value as Json;
}

function text(value: unknown): value is string {
  return typeof value === "string" && /\S/u.test(value) && codePointLength(value) <= 8192;
}

function identifier(value: unknown): value is string {
  return typeof value === "string" && IDENTIFIER.test(value);
}

function artifactRef(value: unknown): boolean {
  const ref = exactObject(value, ["family", "artifact_id", "revision"]);
  return (
    ref !== null &&
    identifier(ref.family) &&
    identifier(ref.artifact_id) &&
    Number.isSafeInteger(ref.revision) &&
    (ref.revision as number) >= 1
  );
}

export function isHandoffCitation(value: unknown): value is HandoffCitation {
  const kind = (value as Json | null)?.kind;
  switch (kind) {
    case "source": {
      const citation = exactObject(value, ["kind", "source_ref"]);
      const ref = exactObject(citation?.source_ref, ["name", "source_id"]);
      return ref !== null && ref.name === "content" && typeof ref.source_id === "string";
    }
    case "artifact":
      return artifactRef(exactObject(value, ["kind", "artifact_ref"])?.artifact_ref);
    case "memory": {
      const citation = exactObject(exactObject(value, ["kind", "memory_citation"])?.memory_citation, [
        "memory_ref",
        "entry_id",
        "entry_version_id",
      ]);
      return (
        citation !== null &&
        artifactRef(citation.memory_ref) &&
        identifier(citation.entry_id) &&
        identifier(citation.entry_version_id)
      );
    }
    default:
      return false;
  }
}

function statement(value: unknown): value is HandoffStatement {
  const object = exactObject(value, ["text", "citations"]);
  if (object === null || !text(object.text) || !Array.isArray(object.citations)) return false;
  return object.citations.length >= 1 && object.citations.length <= 32 && object.citations.every(isHandoffCitation);
}

function omission(value: unknown): value is HandoffOmission {
  const object = exactObject(value, ["text", "citation"]);
  return object !== null && text(object.text) && (object.citation === null || isHandoffCitation(object.citation));
}

/** The value as a HandoffDraft if it has exactly the contract's shape and limits (§8.1, §4), else null. */
export function parseDraft(value: unknown): HandoffDraft | null {
  const draft = exactObject(value, ["objective", "state", "disposition", "next_action", "omissions"]);
  if (draft === null || !text(draft.objective)) return null;
  if (!Array.isArray(draft.state) || draft.state.length < 1 || draft.state.length > 64 || !draft.state.every(statement))
    return null;
  if (typeof draft.disposition !== "string" || !DISPOSITIONS.has(draft.disposition)) return null;
  if (draft.next_action !== null && !statement(draft.next_action)) return null;
  if (!Array.isArray(draft.omissions) || draft.omissions.length > 64 || !draft.omissions.every(omission)) return null;
  return draft as unknown as HandoffDraft;
}
