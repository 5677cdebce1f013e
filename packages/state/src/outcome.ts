// Model-visible results of the tools and the /state command: a value, or a stable error code and message.
import { failure as kitFailure, type ToolFailure } from "@powercontext/pi-kit";
import { StateError } from "./errors.ts";

/** A state failure may carry details the model can act on (the conflicting scopes and their current state). */
export type Failure = ToolFailure & { details?: Record<string, unknown> };

export type Outcome = ({ ok: true } & Record<string, unknown>) | Failure;

export function failure(code: string, message: string, details?: Record<string, unknown>): Failure {
  return details === undefined ? kitFailure(code, message) : { ...kitFailure(code, message), details };
}

/** Maps an error to its stable failure; unexpected errors become `unavailable` without their text. */
export function toFailure(error: unknown): Failure {
  if (error instanceof StateError) return failure(error.code, error.message, error.details ?? undefined);
  return failure("unavailable", "The state store is unavailable; nothing was written. Continue the task.");
}
