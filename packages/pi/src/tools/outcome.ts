// Model-visible results of tools and /pc: success with the Server's data, or a stable error code and message.
import { failure, type ToolFailure as KitFailure } from "@powercontext/pi-kit";
import { PiError } from "../errors.ts";

export { failure };

/** A failure that came from an HTTP answer also carries its status and the Server's request id. */
export type ToolFailure = KitFailure & { status?: number; request_id?: string | null };

export type ToolOutcome = { ok: true; status: number; request_id: string | null; data: unknown } | ToolFailure;

export const UNAVAILABLE_MESSAGE = "PowerContext is unavailable, continue the task.";

export const CONFIRMATION_REQUIRED = failure(
  "confirmation_required",
  "PowerContext refuses durable writes without interactive confirmation; nothing was written.",
);
export const CANCELLED = failure("cancelled", "The user declined the PowerContext change; nothing was written.");
export const UNAVAILABLE = failure("unavailable", UNAVAILABLE_MESSAGE);

const INVALID_RESPONSE = failure(
  "invalid_response",
  "PowerContext returned an invalid response; nothing was read from it. Continue the task.",
);

/**
 * How an HTTP status the model can act on is reported: the code and message used when the Server's envelope
 * carries none, and which of the envelope's own words take precedence.
 */
interface HttpFailure {
  code: string;
  message: string;
  serverWording: "none" | "message" | "both";
}

const HTTP_FAILURES: Readonly<Record<number, HttpFailure>> = {
  401: {
    code: "authentication_failed",
    message: "PowerContext authentication failed; check POWERCONTEXT_PI_AUTHORIZATION.",
    serverWording: "none",
  },
  404: { code: "not_found", message: "The PowerContext resource was not found.", serverWording: "message" },
  409: {
    code: "conflict",
    message: "The PowerContext value is stale; refresh it and retry once.",
    serverWording: "both",
  },
  422: { code: "invalid_request", message: "PowerContext rejected the request.", serverWording: "both" },
};

/** Maps any error of a tool or /pc request to its stable model-visible failure. */
export function toFailure(error: unknown): ToolFailure {
  if (!(error instanceof PiError)) return UNAVAILABLE;
  if (error.code === "invalid_response") return INVALID_RESPONSE;
  if (error.code !== "http_error" || error.details === null) return UNAVAILABLE;
  const { status, serverCode, serverMessage, requestId } = error.details;
  const known = HTTP_FAILURES[status];
  const meta = { status, request_id: requestId };
  if (known === undefined)
    return { ok: false, code: serverCode ?? "unavailable", message: UNAVAILABLE_MESSAGE, ...meta };
  const code = known.serverWording === "both" ? (serverCode ?? known.code) : known.code;
  const message = known.serverWording === "none" ? known.message : (serverMessage ?? known.message);
  return { ok: false, code, message, ...meta };
}
