// Counts how generated results were produced (model, deterministic, fallback with its reason) for /metrics.
// In memory and per process: the contract's stats have no field for fallbacks, so they are not persisted.
import type { FallbackReason, GenerationOutcome, ModelPurpose } from "./types.ts";

export interface GenerationCount {
  purpose: ModelPurpose;
  outcome: GenerationOutcome;
  reason: FallbackReason | "none";
  count: number;
}

export interface GenerationLog {
  record(purpose: ModelPurpose, outcome: GenerationOutcome, reason: FallbackReason | null): void;
  /** Every (purpose, outcome, reason) seen so far with its count, in first-seen order. */
  counts(): GenerationCount[];
}

export function createGenerationLog(): GenerationLog {
  const counts = new Map<string, GenerationCount>();
  return {
    record(purpose, outcome, reason) {
      const key = `${purpose}/${outcome}/${reason ?? "none"}`;
      const entry = counts.get(key) ?? { purpose, outcome, reason: reason ?? "none", count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    },
    counts: () => [...counts.values()].map((entry) => ({ ...entry })),
  };
}
