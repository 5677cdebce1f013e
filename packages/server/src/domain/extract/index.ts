export { createExtractor } from "./create-extractor.ts";
export { extractRules, RULES_EXTRACTOR } from "./rules.ts";
export type { ExtractedCandidate, Extractor, ExtractorName, RuleKind } from "./types.ts";
export { extractVerbatim, VERBATIM_EXTRACTOR, VERBATIM_MAX_BYTES } from "./verbatim.ts";
