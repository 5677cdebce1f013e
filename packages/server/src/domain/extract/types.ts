import type { SourceReference } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";

export const EXTRACTOR_NAMES = ["rules", "verbatim", "llm"] as const;
export type ExtractorName = (typeof EXTRACTOR_NAMES)[number];

/** The kinds the rules extractor proposes. */
export type RuleKind = "decision" | "constraint" | "convention" | "preference" | "command" | "fact";

/** A proposed Memory entry, before review. */
export interface ExtractedCandidate {
  /** `decision`, `constraint`, `convention`, `preference`, `command`, `fact` (rules) or `conversation` (verbatim). */
  kind: string;
  text: string;
  /** Signal strength in [0, 1]; the review policy auto-approves at or above its threshold (default 0.7). */
  confidence: number;
  /** Exactly the Sources the text came from, in source-position order. */
  source_refs: SourceReference[];
  /** The profile that produced it when that is not the extractor's own name (the `llm` profile's `rules` fallback). */
  extractor?: ExtractorName;
}

/**
 * Turns a journal window into candidates; never throws on any Source content. `rules` and `verbatim` are pure,
 * deterministic and synchronous; `llm` asks the configured model and answers asynchronously.
 */
export interface Extractor {
  readonly name: ExtractorName;
  /** Candidates in source-position order, then order of appearance. */
  extract(sources: readonly StoredSource[]): ExtractedCandidate[] | Promise<ExtractedCandidate[]>;
}
