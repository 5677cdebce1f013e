// Model-visible results of the tools and the /state command: a value, or a stable error code and message.
import { StateError } from "./errors.ts";

export type Outcome =
  | ({ ok: true } & Record<string, unknown>)
  | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export type Failure = Extract<Outcome, { ok: false }>;

export function failure(code: string, message: string, details?: Record<string, unknown>): Failure {
  return details === undefined ? { ok: false, code, message } : { ok: false, code, message, details };
}

/** Maps an error to its stable failure; unexpected errors become `unavailable` without their text. */
export function toFailure(error: unknown): Failure {
  if (error instanceof StateError) return failure(error.code, error.message, error.details ?? undefined);
  return failure("unavailable", "The state store is unavailable; nothing was written. Continue the task.");
}

export interface ToolResultLike {
  content: { type: "text"; text: string }[];
  details: Outcome;
}

/** Renders an outcome for Pi: a failure is thrown, which every Pi version turns into an isError tool result. */
export function renderOutcome(outcome: Outcome): ToolResultLike {
  const text = JSON.stringify(outcome);
  if (!outcome.ok) throw new Error(text);
  return { content: [{ type: "text", text }], details: outcome };
}
