// The one error class of the fold package; codes are stable and reach the model in tool results.
import { CodedError, describeErrorsOf } from "@powercontext/pi-kit";

export type FoldErrorCode = "invalid_option" | "invalid_span" | "not_found" | "integrity" | "invalid_action";

export class FoldError extends CodedError<FoldErrorCode> {}

/** Describes an error for a diagnostic line: a FoldError by its code, anything else as unexpected. */
export const describeFoldError = describeErrorsOf(FoldError);
