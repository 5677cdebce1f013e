// The one error class of the fold package; codes are stable and reach the model in tool results.
export const FOLD_ERROR_CODES = [
  "invalid_option",
  "invalid_span",
  "not_found",
  "protected",
  "integrity",
  "invalid_action",
] as const;
export type FoldErrorCode = (typeof FOLD_ERROR_CODES)[number];

export class FoldError extends Error {
  readonly code: FoldErrorCode;
  constructor(code: FoldErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "FoldError";
    this.code = code;
  }
}
