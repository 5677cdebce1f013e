// The `verbatim` extractor: each non-blank Source becomes one `conversation` candidate (for conversation archives).
import { truncateUtf8 } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";
import type { ExtractedCandidate, Extractor } from "./types.ts";

/** The contract's limit on a Memory entry's text. */
export const VERBATIM_MAX_BYTES = 8192;

/** One candidate per non-blank Source, in position order: the trimmed content cut to 8,192 UTF-8 bytes. */
export function extractVerbatim(sources: readonly StoredSource[]): ExtractedCandidate[] {
  const ordered = [...sources].sort((a, b) => a.position - b.position);
  const candidates: ExtractedCandidate[] = [];
  for (const source of ordered) {
    const content = source.content.trim();
    if (content === "") continue;
    candidates.push({
      kind: "conversation",
      text: truncateUtf8(content, VERBATIM_MAX_BYTES).text,
      confidence: 1,
      source_refs: [{ name: "content", source_id: source.source_id }],
    });
  }
  return candidates;
}

export const VERBATIM_EXTRACTOR: Extractor = { name: "verbatim", extract: extractVerbatim };
