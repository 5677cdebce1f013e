// Hook bodies of turn resolution: a fresh resolution per user run, and at each turn_end the decision of
// turn-resolution.ts carried out through Pi: a hidden follow-up message asking for the final patch (delivered in the
// same run), or the reconciled response recorded as a runtime-owned session entry.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { HostContext } from "../host.ts";
import { pendingAcquisitions } from "../knowledge/knowledge.ts";
import type { StateRuntime } from "../runtime.ts";
import { MAX_FALLBACKS, resolveTurn, terminalTextOf } from "../turn-resolution.ts";

export const RESPONSE_ENTRY = "powercontext-state-response";
export const FALLBACK_MESSAGE = "powercontext-state-finalize";

/** What the resolution asks of Pi's extension API. */
export interface TurnHost {
  appendEntry(customType: string, data: unknown): void;
  /** A custom message the model sees, delivered after this turn within the same run. */
  followUp(customType: string, content: string): void;
}

/** The TurnHost of a Pi: entries appended to the session, fallback messages hidden and delivered as follow-ups. */
export function turnHostOf(pi: ExtensionAPI): TurnHost {
  return {
    appendEntry: (customType, data) => pi.appendEntry(customType, data),
    followUp: (customType, content) =>
      pi.sendMessage({ customType, content, display: false }, { deliverAs: "followUp", triggerTurn: true }),
  };
}

/** Words the model reads in a fallback turn: its only purpose is the final patch (with the compilations owed). */
export function fallbackPrompt(attempt: number, pending: readonly string[] = []): string {
  const owed =
    pending.length === 0
      ? ""
      : ` The same patch must compile the sources you read in this run and did not compile yet, each as an artifact keyed by its exact path: ${pending.join(", ")}.`;
  return `powercontext-state: your answer above is kept as this run's response. Now call patch_state with "final": true as the only tool call (add any state change your answer implies); do not repeat or rewrite the answer.${owed} Attempt ${attempt} of ${MAX_FALLBACKS}.`;
}

export async function turnEnd(runtime: StateRuntime, host: TurnHost, message: unknown, ctx: HostContext) {
  const session = await runtime.session(ctx);
  if (session.mode !== "active" || !runtime.config.turnResolution) return;
  const decision = resolveTurn(session.resolution, terminalTextOf(message), pendingAcquisitions(runtime, session));
  const sessionId = session.sessionId;
  if (decision.action === "fallback") {
    if (decision.preserved)
      runtime.diagnostics.record("draft_preserved", { session: sessionId, draft: session.resolution.draft });
    const { attempt, pending } = decision;
    runtime.diagnostics.record("fallback_started", {
      session: sessionId,
      attempt,
      ...(pending.length ? { pending } : {}),
    });
    host.followUp(FALLBACK_MESSAGE, fallbackPrompt(attempt, pending));
    return;
  }
  if (decision.action !== "resolve") return;
  const { response, status, fallbacks } = decision;
  host.appendEntry(RESPONSE_ENTRY, { response, status, fallbacks });
  if (status === "final") return;
  const warning = `powercontext-state: the model did not confirm its answer with patch_state final:true after ${MAX_FALLBACKS} tries; the answer and the current state were kept as they are.`;
  runtime.log("turn.unresolved", { fallbacks });
  runtime.diagnostics.record("fallback_exhausted", { session: sessionId, fallbacks, draft: response });
  if (ctx.hasUI) ctx.ui.notify(warning, "warning");
}

/**
 * The context event: a fallback message matters only inside its own run, so those of earlier runs (before the last
 * user prompt) leave the model's context; Pi's trace keeps them. Returns null when there is nothing to drop.
 */
export function withoutSettledFallbacks<T>(messages: readonly T[]): T[] | null {
  const isFallback = (message: T) => {
    const value = message as { role?: unknown; customType?: unknown };
    return value.role === "custom" && value.customType === FALLBACK_MESSAGE;
  };
  const lastPrompt = messages.findLastIndex((message) => (message as { role?: unknown }).role === "user");
  const kept = messages.filter((message, index) => index > lastPrompt || !isFallback(message));
  return kept.length === messages.length ? null : kept;
}
