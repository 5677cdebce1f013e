// Turn resolution, pure: every user run starts terminal-ineligible; only an accepted `patch_state` with `final: true`
// latches eligibility. Terminal prose that arrives before eligibility is kept as the draft (the answer), and at most
// two same-run fallback turns ask for the `final: true` patch; a fallback turn's own prose never becomes the response.
// Only a fallback turn that ends in prose without eligibility uses the budget (a failed patch call ends its turn with
// a tool result, so the model simply tries again). Eligibility is checked once more when the prose arrives (the final
// validation): a run that read a source needing compilation after its final patch (a later acquisition) and did not
// compile it is not eligible any more, and takes the same fallback path.

export const MAX_FALLBACKS = 2;

export interface Resolution {
  eligible: boolean;
  /** The preserved answer: the first terminal prose of the run that arrived before eligibility. */
  draft: string | null;
  fallbacks: number;
  /** Set once the run's response is reconciled; later turns of the run change nothing. */
  closed: boolean;
}

export type TurnDecision =
  | { action: "none" }
  /**
   * Ask for the final patch (attempt counts from 1); `preserved` is true when this turn's prose became the draft;
   * `pending` the sources read in the run whose compilation is still owed (empty when eligibility never latched).
   */
  | { action: "fallback"; attempt: number; preserved: boolean; pending: string[] }
  | { action: "resolve"; response: string; status: "final" | "unresolved"; fallbacks: number };

export function startResolution(): Resolution {
  return { eligible: false, draft: null, fallbacks: 0, closed: false };
}

/** An accepted `patch_state` with `final: true`. */
export function latchEligibility(resolution: Resolution): void {
  resolution.eligible = true;
}

/**
 * What a finished turn means. `terminalText` is the turn's prose when the assistant ended the turn without tool calls,
 * null when it called tools (the run goes on). `pending` lists the run's acquisitions whose compilation is still owed:
 * an eligible draft with any fails its final validation, which withdraws eligibility.
 */
export function resolveTurn(
  resolution: Resolution,
  terminalText: string | null,
  pending: readonly string[] = [],
): TurnDecision {
  if (resolution.closed || terminalText === null) return { action: "none" };
  const preserved = resolution.draft === null;
  if (preserved) resolution.draft = terminalText;
  const answer = resolution.draft as string;
  if (resolution.eligible && pending.length > 0) resolution.eligible = false;
  if (resolution.eligible) return close(resolution, answer, "final");
  if (resolution.fallbacks >= MAX_FALLBACKS) return close(resolution, answer, "unresolved");
  resolution.fallbacks += 1;
  return { action: "fallback", attempt: resolution.fallbacks, preserved, pending: [...pending] };
}

function close(resolution: Resolution, response: string, status: "final" | "unresolved"): TurnDecision {
  resolution.closed = true;
  return { action: "resolve", response, status, fallbacks: resolution.fallbacks };
}

/** The prose of an assistant message that called no tool, or null (tool calls, an error or an abort). */
export function terminalTextOf(message: unknown): string | null {
  const value = message as { role?: unknown; stopReason?: unknown; content?: unknown } | null;
  if (value?.role !== "assistant" || value.stopReason !== "stop" || !Array.isArray(value.content)) return null;
  const blocks = value.content as { type?: unknown; text?: unknown }[];
  if (blocks.some((block) => block.type === "toolCall")) return null;
  return blocks
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text as string)
    .join("");
}
