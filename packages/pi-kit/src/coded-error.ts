// The shape of each Pi package's one error class: a stable `code` that tool results and logs branch on (never the
// message) and, where a code has more to say, typed details. Each package declares its codes and names its class.
import { type DescribeError, describeUnexpected } from "./fail-open.ts";

export class CodedError<Code extends string, Details = Record<string, unknown>> extends Error {
  readonly code: Code;
  readonly details: Details | null;
  constructor(code: Code, message: string, options?: ErrorOptions & { details?: Details }) {
    super(message, options);
    // The subclass's own name (PiError, FoldError, StateError), so a logged error says which package threw it.
    this.name = new.target.name;
    this.code = code;
    this.details = options?.details ?? null;
  }
}

/**
 * How a package's diagnostic lines describe what it caught: its own errors by their code and message, anything else
 * by `unexpected` (by default its class name and message, under the code `unexpected`).
 */
export function describeErrorsOf(
  errorClass: abstract new (...args: never[]) => CodedError<string, unknown>,
  unexpected: DescribeError = describeUnexpected,
): DescribeError {
  return (error) => (error instanceof errorClass ? { code: error.code, message: error.message } : unexpected(error));
}
