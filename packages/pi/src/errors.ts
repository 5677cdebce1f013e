// The package's one error class. Codes are stable; tool results and logs branch on them, never on messages.
import { CodedError, describeUnexpected } from "@powercontext/pi-kit";

export type PiErrorCode =
  /** A POWERCONTEXT_PI_* variable is invalid; the extension then registers nothing. */
  | "configuration_invalid"
  /** Connection refused, DNS, TLS, timeout or abort: the Server could not be reached in time. */
  | "transport_failed"
  /** A redirect, an oversized body or a success body that is not JSON. */
  | "invalid_response"
  /** The Server answered with a non-2xx status. */
  | "http_error";

export interface HttpErrorDetails {
  status: number;
  /** The envelope's `error.code`, when the body carried one. */
  serverCode: string | null;
  /** The envelope's `error.message`, when the body carried one. */
  serverMessage: string | null;
  requestId: string | null;
}

/** `details` is present for `http_error`: what the Server answered. */
export class PiError extends CodedError<PiErrorCode, HttpErrorDetails> {}

/** Invalid local configuration; the message never repeats a value that may hold a credential. */
export function configError(message: string): PiError {
  return new PiError("configuration_invalid", message);
}

/** Describes an error for a diagnostic line: a PiError by its code and HTTP status, anything else as unexpected. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof PiError)
    return { code: error.code, status: error.details?.status ?? null, message: error.message };
  return describeUnexpected(error);
}
