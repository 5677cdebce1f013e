// One model call on behalf of a scope: the call itself, then its usage added to the scope's daily counters.
import type { Store } from "../../store/types.ts";
import type { Clock } from "../deps.ts";
import type { ChatModel, ChatRequest, ChatResult, ModelPurpose } from "./types.ts";

export interface ModelCallDeps {
  model: ChatModel;
  /** Where the usage goes. */
  store: Pick<Store, "addModelUsage">;
  clock: Clock;
}

/**
 * Calls the model and records one request (with its reported tokens) when it reached the provider. Usage is
 * statistics: a failed usage write never fails the operation that called the model.
 */
export async function callModel(
  deps: ModelCallDeps,
  call: { scope_id: string; purpose: ModelPurpose; request: ChatRequest },
): Promise<ChatResult> {
  const result = await deps.model.complete(call.request);
  const sent = result.status === "ok" || result.sent;
  if (sent) {
    const usage = result.status === "timeout" ? { input_tokens: null, output_tokens: null } : result.usage;
    await deps.store
      .addModelUsage([
        {
          scope_id: call.scope_id,
          date: deps.clock.now().toISOString().slice(0, 10),
          purpose: call.purpose,
          kind: "generation",
          requests: 1,
          input_tokens: usage.input_tokens,
          output_tokens: usage.output_tokens,
        },
      ])
      .catch(() => undefined);
  }
  return result;
}
