import { PowerContextError } from "../../errors.ts";
import { createLlmExtractor, type LlmExtractorDeps } from "./llm.ts";
import { RULES_EXTRACTOR } from "./rules.ts";
import type { Extractor, ExtractorName } from "./types.ts";
import { VERBATIM_EXTRACTOR } from "./verbatim.ts";

/** The extractor profile named by the configuration; `llm` needs the model and where to count its usage. */
export function createExtractor(name: ExtractorName, llm: LlmExtractorDeps | null = null): Extractor {
  switch (name) {
    case "rules":
      return RULES_EXTRACTOR;
    case "verbatim":
      return VERBATIM_EXTRACTOR;
    case "llm":
      if (llm === null)
        throw new PowerContextError("configuration_invalid", "The llm extractor needs a configured model.");
      return createLlmExtractor(llm);
    default: {
      const unknown: never = name;
      throw new Error(`unknown extractor: ${String(unknown)}`);
    }
  }
}
