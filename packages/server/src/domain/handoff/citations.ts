// Citation equality (equal JSON values), deduplication and the references a Handoff's direct citations make.
import {
  canonicalJson,
  type ArtifactReference,
  type HandoffCitation,
  type HandoffDraft,
  type SourceReference,
} from "@powercontext/protocol";

/** Two citations are equal when their JSON values are equal (contract §3); this key is equal exactly then. */
export function citationKey(citation: HandoffCitation): string {
  return canonicalJson(citation);
}

/** `citations` without repeats, in first-seen order. */
export function dedupeCitations(citations: readonly HandoffCitation[]): HandoffCitation[] {
  const seen = new Set<string>();
  return citations.filter((citation) => {
    const key = citationKey(citation);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function hasDuplicates(citations: readonly HandoffCitation[]): boolean {
  return dedupeCitations(citations).length !== citations.length;
}

/** The citations of `state[*]` then of `next_action`; omission citations are never direct. */
export function directCitations(draft: Pick<HandoffDraft, "state" | "next_action">): HandoffCitation[] {
  return [...draft.state, ...(draft.next_action ? [draft.next_action] : [])].flatMap(
    (statement) => statement.citations,
  );
}

/** Commit's `source_refs` and `artifact_refs`: distinct, first-seen order; a memory citation adds its `memory_ref`. */
export function citedReferences(draft: Pick<HandoffDraft, "state" | "next_action">): {
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
} {
  const sources = new Map<string, SourceReference>();
  const artifacts = new Map<string, ArtifactReference>();
  for (const citation of directCitations(draft)) {
    switch (citation.kind) {
      case "source":
        sources.set(canonicalJson(citation.source_ref), citation.source_ref);
        break;
      case "artifact":
        artifacts.set(canonicalJson(citation.artifact_ref), citation.artifact_ref);
        break;
      case "memory":
        artifacts.set(canonicalJson(citation.memory_citation.memory_ref), citation.memory_citation.memory_ref);
        break;
      default: {
        const unknown: never = citation;
        throw new Error(`unknown citation ${JSON.stringify(unknown)}`);
      }
    }
  }
  return { source_refs: [...sources.values()], artifact_refs: [...artifacts.values()] };
}
