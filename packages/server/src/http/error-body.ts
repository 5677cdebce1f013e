// The contract's error envelope: every error answer of the API has this one shape.

export interface ErrorBody {
  error: { code: string; message: string; details: Record<string, unknown> | null };
}

export function errorBody(code: string, message: string, details: Record<string, unknown> | null = null): ErrorBody {
  return { error: { code, message, details } };
}
