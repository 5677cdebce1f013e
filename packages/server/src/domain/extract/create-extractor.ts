import { RULES_EXTRACTOR } from "./rules.ts";
import type { Extractor, ExtractorName } from "./types.ts";
import { VERBATIM_EXTRACTOR } from "./verbatim.ts";

/** The extractor profile named by the configuration. */
export function createExtractor(name: ExtractorName): Extractor {
  switch (name) {
    case "rules":
      return RULES_EXTRACTOR;
    case "verbatim":
      return VERBATIM_EXTRACTOR;
    default: {
      const unknown: never = name;
      throw new Error(`unknown extractor: ${String(unknown)}`);
    }
  }
}
