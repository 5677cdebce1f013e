// The serving budget: the one denominator of every occupancy figure, and the fence that refuses a request that cannot fit.

export interface ModelDescriptor {
  contextWindow?: number | undefined;
  maxTokens?: number | undefined;
}

export interface ServingBudget {
  tokens: number;
  source: "declared" | "derived";
  /** What the transport advertised, reported either way so the gap stays auditable. */
  descriptor: { contextWindow: number | null; maxTokens: number | null };
  reservation: number;
}

export const FALLBACK_WINDOW = 128_000;
export const FALLBACK_RESERVATION = 16_384;

/**
 * `providerInputBudget` when declared (nothing is subtracted from it); otherwise the model's window less an estimated
 * output reservation of min(maxTokens, a quarter of the window).
 */
export function servingBudget(declared: number | undefined, model: ModelDescriptor | undefined): ServingBudget {
  const contextWindow = model?.contextWindow ?? null;
  const maxTokens = model?.maxTokens ?? null;
  const descriptor = { contextWindow, maxTokens };
  if (declared !== undefined) return { tokens: declared, source: "declared", descriptor, reservation: 0 };
  const window = contextWindow ?? FALLBACK_WINDOW;
  const reservation = Math.min(maxTokens ?? FALLBACK_RESERVATION, Math.floor(window / 4));
  return { tokens: window - reservation, source: "derived", descriptor, reservation };
}

export type FenceVerdict = { status: "fits" } | { status: "blocked"; tokens: number; budget: number; message: string };

/** A request larger than the serving budget after every lossless fold is blocked before it is sent. */
export function fence(tokens: number, budget: number): FenceVerdict {
  if (tokens <= budget) return { status: "fits" };
  return {
    status: "blocked",
    tokens,
    budget,
    message: `powercontext-fold: request of ~${tokens} tokens exceeds the serving budget of ${budget} even after folding; not sent`,
  };
}
