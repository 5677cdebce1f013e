// Model usage of contract §5.4 from stored daily buckets: totals, by purpose (only purposes that occurred, sorted) and
// zero-filled days. Tokens are null only when requests happened and none reported them; 0 when there was no use.
import type { ModelUsageSample } from "../../store/types.ts";

export interface UsageValue {
  requests: number;
  input_tokens: number | null;
  output_tokens: number | null;
}

export interface PurposeUsage {
  purpose: string;
  generation: UsageValue;
  embedding: UsageValue;
}

export interface UsageSummary {
  totals: { generation: UsageValue; embedding: UsageValue };
  by_purpose: PurposeUsage[];
  daily: Array<{ date: string; generation: UsageValue; embedding: UsageValue; by_purpose: PurposeUsage[] }>;
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
      purpose,
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
