// get_stats: inventory, model usage and recall statistics for one scope over a period (contract §5.4).
import type { RecallSample, Store } from "../../store/types.ts";
import type { Clock } from "../deps.ts";
import { TOKEN_ESTIMATOR } from "./token-estimate.ts";
import { summarizeUsage, type UsageValue } from "./usage-summary.ts";

export type StatsPeriod = "today" | "7d" | "30d";
const PERIOD_DAYS: Record<StatsPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

interface RecallCounts {
  preparations: number;
  ready_preparations: number;
  comparable_preparations: number;
  baseline_tokens: number;
  recalled_tokens: number;
  token_reduction: number;
}

export interface ScopedStats {
  scope_id: string;
  as_of: string;
  inventory: {
    sources: { total: number; memory_processed: number; memory_pending: number };
    artifacts: { total: number; by_family: Array<{ family: string; total: number }> };
    candidates: {
      total: number;
      pending: number;
      approved: number;
      rejected: number;
      by_family: Array<{ family: string; total: number; pending: number; approved: number; rejected: number }>;
    };
    memory: {
      entries: {
        total: number;
        active: number;
        inactive: number;
        by_kind: Array<{ kind: string; total: number; active: number; inactive: number }>;
      };
    };
  };
  usage: {
    period: PeriodValue;
    totals: { generation: UsageValue; embedding: UsageValue };
    by_purpose: Array<{ purpose: string; generation: UsageValue; embedding: UsageValue }>;
    daily: Array<{
      date: string;
      generation: UsageValue;
      embedding: UsageValue;
      by_purpose: Array<{ purpose: string; generation: UsageValue; embedding: UsageValue }>;
    }>;
  };
  recall: {
    period: PeriodValue;
    estimator: { estimator_id: string; version: string } | null;
    totals: RecallCounts;
    daily: Array<{ date: string } & RecallCounts>;
  };
}

interface PeriodValue {
  preset: StatsPeriod;
  start_date: string;
  end_date: string;
  timezone: "UTC";
}

/** The dates (YYYY-MM-DD, UTC) of the `days` days ending on `today`, ascending. */
export function periodDates(today: Date, days: number): string[] {
  const dates: string[] = [];
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    dates.push(new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10));
  }
  return dates;
}

export async function getScopedStats(
  deps: { store: Store; clock: Clock },
  request: { scope_id: string; period?: StatsPeriod },
): Promise<ScopedStats> {
  const now = deps.clock.now();
  const preset = request.period ?? "30d";
  const dates = periodDates(now, PERIOD_DAYS[preset]);
  const period: PeriodValue = { preset, start_date: dates[0] ?? "", end_date: dates.at(-1) ?? "", timezone: "UTC" };
  const [inventory, samples, usage, handoff] = await Promise.all([
    deps.store.getInventory(request.scope_id),
    deps.store.readRecallDaily(request.scope_id, period.start_date, period.end_date),
    deps.store.readModelUsage(request.scope_id, period.start_date, period.end_date),
    deps.store.getHandoffHead(request.scope_id),
  ]);
  const entries = inventory.entries_by_kind.reduce(
    (sum, row) => ({
      total: sum.total + row.total,
      active: sum.active + row.active,
      inactive: sum.inactive + row.inactive,
    }),
    { total: 0, active: 0, inactive: 0 },
  );
  const families = [
    ...(inventory.has_handoff || handoff !== null ? [{ family: "handoff", total: 1 }] : []),
    ...(inventory.has_memory ? [{ family: "memory", total: 1 }] : []),
  ];
  const byDate = new Map(samples.map((sample) => [sample.date, sample]));
  const daily = dates.map((date) => ({ date, ...recallCounts(byDate.get(date)) }));
  return {
    scope_id: request.scope_id,
    as_of: now.toISOString(),
    inventory: {
      sources: {
        total: inventory.sources_total,
        memory_processed: inventory.memory_cursor,
        memory_pending: Math.max(inventory.sources_total - inventory.memory_cursor, 0),
      },
      artifacts: { total: families.length, by_family: families },
      // Memory candidates have their own inbox; these counters cover the contract's experience/skill families.
      candidates: { total: 0, pending: 0, approved: 0, rejected: 0, by_family: [] },
      memory: { entries: { ...entries, by_kind: inventory.entries_by_kind } },
    },
    usage: { period, ...summarizeUsage(usage, dates) },
    recall: {
      period,
      estimator: TOKEN_ESTIMATOR,
      totals: sumCounts(daily),
      daily,
    },
  };
}

function recallCounts(sample: RecallSample | undefined): RecallCounts {
  if (!sample) {
    return {
      preparations: 0,
      ready_preparations: 0,
      comparable_preparations: 0,
      baseline_tokens: 0,
      recalled_tokens: 0,
      token_reduction: 0,
    };
  }
  return {
    preparations: sample.preparations,
    ready_preparations: sample.ready_preparations,
    comparable_preparations: sample.comparable_preparations,
    baseline_tokens: sample.baseline_tokens,
    recalled_tokens: sample.recalled_tokens,
    token_reduction: sample.baseline_tokens - sample.recalled_tokens,
  };
}

function sumCounts(days: readonly RecallCounts[]): RecallCounts {
  const total = recallCounts(undefined);
  for (const day of days) {
    total.preparations += day.preparations;
    total.ready_preparations += day.ready_preparations;
    total.comparable_preparations += day.comparable_preparations;
    total.baseline_tokens += day.baseline_tokens;
    total.recalled_tokens += day.recalled_tokens;
    total.token_reduction += day.token_reduction;
  }
  return total;
}
