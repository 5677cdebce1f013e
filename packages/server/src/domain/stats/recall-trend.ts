// The recall trend for people (the dashboard's Recall view): the store's daily recall counters for each of the last
// days, a day without any prepare as zeros, and their sums. Unlike get_stats (whose wire form the contract fixes), it
// carries the items and bytes recalled per day too.
import type { RecallSample, Store } from "../../store/types.ts";
import type { Clock } from "../deps.ts";
import { periodDates } from "./scoped-stats.ts";

export type RecallCounts = Omit<RecallSample, "scope_id" | "date">;
export type RecallDay = RecallCounts & { date: string };

export interface RecallTrend {
  /** One per day, oldest first, ending today (UTC). */
  days: RecallDay[];
  totals: RecallCounts;
}

const COUNTS: ReadonlyArray<keyof RecallCounts> = [
  "preparations",
  "ready_preparations",
  "comparable_preparations",
  "baseline_tokens",
  "recalled_tokens",
  "recalled_items",
  "recalled_bytes",
];

function zeros(): RecallCounts {
  return Object.fromEntries(COUNTS.map((name) => [name, 0])) as unknown as RecallCounts;
}

export async function readRecallTrend(
  deps: { store: Store; clock: Clock },
  scopeId: string,
  dayCount: number,
): Promise<RecallTrend> {
  const dates = periodDates(deps.clock.now(), dayCount);
  const samples = await deps.store.readRecallDaily(scopeId, dates[0] ?? "", dates.at(-1) ?? "");
  const byDate = new Map(samples.map((sample) => [sample.date, sample]));
  const totals = zeros();
  const days = dates.map((date) => {
    const day: RecallDay = { date, ...zeros() };
    const sample = byDate.get(date);
    for (const name of COUNTS) {
      day[name] = sample ? Number(sample[name]) : 0;
      totals[name] += day[name];
    }
    return day;
  });
  return { days, totals };
}
