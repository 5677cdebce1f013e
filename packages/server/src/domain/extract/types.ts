import type { SourceReference } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";

export type ExtractorName = "rules" | "verbatim";

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
}

/** Turns a journal window into candidates. Pure and deterministic; never throws on any Source content. */
export interface Extractor {
  readonly name: ExtractorName;
  /** Candidates in source-position order, then order of appearance. */
  extract(sources: readonly StoredSource[]): ExtractedCandidate[];
}
