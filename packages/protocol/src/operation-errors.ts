// The error statuses operations share, grouped by what an operation does; the operation table adds them to each
// operation's success answer.
import { ErrorEnvelope } from "./schemas/error.ts";

/**
 * Errors any protected operation can answer: 401 `unauthorized` (when auth is on), 500 `internal_error`, 503
 * `runtime_not_ready` and, for model-backed work, `inference_timeout`/`inference_unavailable`.
 */
export const PROTECTED_ERRORS = { 401: ErrorEnvelope, 500: ErrorEnvelope, 503: ErrorEnvelope } as const;
/** Plus 422 `invalid_request` for operations that take input. */
export const INPUT_ERRORS = { ...PROTECTED_ERRORS, 422: ErrorEnvelope } as const;
/** Plus 404 for operations that address existing state. */
export const LOOKUP_ERRORS = { ...INPUT_ERRORS, 404: ErrorEnvelope } as const;
/** Plus 409 for operations that also write it. */
export const WRITE_ERRORS = { ...LOOKUP_ERRORS, 409: ErrorEnvelope } as const;
