// The shape of each Pi package's one error class: a stable `code` that tool results and logs branch on (never the
// message) and, where a code has more to say, typed details. Each package declares its codes and names its class.

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
