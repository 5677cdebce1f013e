// The host's model call for the summarizer: pi-ai's completeSimple, loaded on first use. A host that does not map this
// specifier still loads the extension without a summarizer, and with one each summary falls back to the deterministic
// brief.
import type { ModelDescriptor } from "./budget.ts";
import type { CompleteModel } from "./model-summarizer.ts";

export const complete: CompleteModel<ModelDescriptor> = async (model, context, options) => {
  const { completeSimple } = await import("@earendil-works/pi-ai/compat");
  return (completeSimple as unknown as CompleteModel<ModelDescriptor>)(model, context, options);
};
