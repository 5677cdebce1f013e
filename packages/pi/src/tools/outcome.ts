// Model-visible results of tools and /pc: success with the Server's data, or a stable error code and message.
import { PiError } from "../errors.ts";

export type ToolOutcome =
  | { ok: true; status: number; request_id: string | null; data: unknown }
  | { ok: false; code: string; message: string; status?: number; request_id?: string | null };

export type ToolFailure = Extract<ToolOutcome, { ok: false }>;

export const UNAVAILABLE_MESSAGE = "PowerContext is unavailable, continue the task.";

export function failure(code: string, message: string): ToolFailure {
  return { ok: false, code, message };
}

export const CONFIRMATION_REQUIRED = failure(
  "confirmation_required",
  "PowerContext refuses durable writes without interactive confirmation; nothing was written.",
);
export const CANCELLED = failure("cancelled", "The user declined the PowerContext change; nothing was written.");
export const UNAVAILABLE = failure("unavailable", UNAVAILABLE_MESSAGE);

/** Maps any error of a tool or /pc request to its stable model-visible failure. */
export function toFailure(error: unknown): ToolFailure {
  if (!(error instanceof PiError)) return UNAVAILABLE;
  if (error.code === "invalid_response") {
    return failure(
      "invalid_response",
      "PowerContext returned an invalid response; nothing was read from it. Continue the task.",
    );
  }
  if (error.code !== "http_error" || error.http === null) return UNAVAILABLE;
  const { status, serverCode, serverMessage, requestId } = error.http;
  const meta = { status, request_id: requestId };
  if (status === 401) {
    return {
      ok: false,
      code: "authentication_failed",
      message: "PowerContext authentication failed; check POWERCONTEXT_PI_AUTHORIZATION.",
      ...meta,
    };
  }
  if (status === 404)
    return {
      ok: false,
      code: "not_found",
      message: serverMessage ?? "The PowerContext resource was not found.",
      ...meta,
    };
  if (status === 409) {
    return {
      ok: false,
      code: serverCode ?? "conflict",
      message: serverMessage ?? "The PowerContext value is stale; refresh it and retry once.",
      ...meta,
    };
  }
  if (status === 422) {
    return {
      ok: false,
      code: serverCode ?? "invalid_request",
      message: serverMessage ?? "PowerContext rejected the request.",
      ...meta,
    };
  }
  return { ok: false, code: serverCode ?? "unavailable", message: UNAVAILABLE_MESSAGE, ...meta };
}

export interface AgentToolResultLike {
  content: { type: "text"; text: string }[];
  details: ToolOutcome;
}

/**
 * Renders an outcome for Pi. A failure is thrown as an Error whose message is the outcome's JSON: every Pi version
 * turns a throw into an `isError` tool result the model reads, without disturbing the host.
 */
export function renderToolOutcome(outcome: ToolOutcome): AgentToolResultLike {
  const text = JSON.stringify(outcome);
  if (!outcome.ok) throw new Error(text);
  return { content: [{ type: "text", text }], details: outcome };
}
