// Model usage of contract §5.4 from stored daily buckets: totals, by purpose (only purposes that occurred, sorted) and
// zero-filled days. Tokens are null only when requests happened and none reported them; 0 when there was no use.
import type { PurposeUsage, Usage, UsagePurpose, UsageValue } from "@powercontext/protocol";
import { USAGE_PURPOSES } from "@powercontext/protocol/schemas";
import type { ModelUsageSample } from "../../store/types.ts";

/** The usage statistics of a period; the caller adds the period itself. */
export type UsageSummary = Omit<Usage, "period">;

/**
 * A stored purpose as the contract names it. The store keeps purposes as plain text, but only this Server writes them
 * and always from the contract's list, so any other value is a broken store and is not reported as usage.
 */
function contractPurpose(stored: string): UsagePurpose {
  const purpose = USAGE_PURPOSES.find((known) => known === stored);
  if (purpose === undefined) throw new Error(`stored model usage names an unknown purpose ${JSON.stringify(stored)}`);
  return purpose;
}

function addTokens(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a + b;
}

/** The sum of `samples`' counters. */
export function sumUsage(samples: readonly ModelUsageSample[]): UsageValue {
  let requests = 0;
  let input: number | null = null;
  let output: number | null = null;
  for (const sample of samples) {
    requests += sample.requests;
    input = addTokens(input, sample.input_tokens);
    output = addTokens(output, sample.output_tokens);
  }
  return requests === 0
    ? { requests: 0, input_tokens: 0, output_tokens: 0 }
    : { requests, input_tokens: input, output_tokens: output };
}

function byPurpose(samples: readonly ModelUsageSample[]): PurposeUsage[] {
  const purposes = [...new Set(samples.filter((s) => s.requests > 0).map((s) => s.purpose))].sort();
  return purposes.map((purpose) => {
    const mine = samples.filter((s) => s.purpose === purpose);
    return {
      purpose: contractPurpose(purpose),
      generation: sumUsage(mine.filter((s) => s.kind === "generation")),
      embedding: sumUsage(mine.filter((s) => s.kind === "embedding")),
    };
  });
}

export function summarizeUsage(samples: readonly ModelUsageSample[], dates: readonly string[]): UsageSummary {
  const inPeriod = samples.filter((s) => dates.includes(s.date));
  return {
    totals: {
      generation: sumUsage(inPeriod.filter((s) => s.kind === "generation")),
      embedding: sumUsage(inPeriod.filter((s) => s.kind === "embedding")),
    },
    by_purpose: byPurpose(inPeriod),
    daily: dates.map((date) => {
      const day = inPeriod.filter((s) => s.date === date);
      return {
        date,
        generation: sumUsage(day.filter((s) => s.kind === "generation")),
        embedding: sumUsage(day.filter((s) => s.kind === "embedding")),
        by_purpose: byPurpose(day),
      };
    }),
  };
}
