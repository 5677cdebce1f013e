// get_stats: inventory, model usage and recall statistics for one scope over a period (contract §5.4).
import type { RecallTotals, ScopedStats, StatsPeriod, StatsPeriodPreset, StatsQuery } from "@powercontext/protocol";
import type { ArtifactInventory, RecallSample, Store } from "../../store/types.ts";
import type { Clock } from "../deps.ts";
import { TOKEN_ESTIMATOR } from "./token-estimate.ts";
import { summarizeUsage } from "./usage-summary.ts";

const PERIOD_DAYS: Record<StatsPeriodPreset, number> = { today: 1, "7d": 7, "30d": 30 };

/** The dates (YYYY-MM-DD, UTC) of the `days` days ending on `today`, ascending. */
export function periodDates(today: Date, days: number): string[] {
  const dates: string[] = [];
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    dates.push(new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10));
  }
  return dates;
}

export async function getScopedStats(deps: { store: Store; clock: Clock }, request: StatsQuery): Promise<ScopedStats> {
  const now = deps.clock.now();
  const preset = request.period ?? "30d";
  const dates = periodDates(now, PERIOD_DAYS[preset]);
  const period: StatsPeriod = { preset, start_date: dates[0] ?? "", end_date: dates.at(-1) ?? "", timezone: "UTC" };
  const [inventory, samples, usage, handoff] = await Promise.all([
    deps.store.getInventory(request.scope_id),
    deps.store.readRecallDaily(request.scope_id, period.start_date, period.end_date),
    deps.store.readModelUsage(request.scope_id, period.start_date, period.end_date),
    deps.store.getHandoffHead(request.scope_id),
  ]);
  const artifactCounts = await deps.store.artifactInventory(request.scope_id);
  const entries = inventory.entries_by_kind.reduce(
    (sum, row) => ({
      total: sum.total + row.total,
      active: sum.active + row.active,
      inactive: sum.inactive + row.inactive,
    }),
    { total: 0, active: 0, inactive: 0 },
  );
  const families = [
    ...artifactCounts.artifacts,
    ...(inventory.has_handoff || handoff !== null ? [{ family: "handoff", total: 1 }] : []),
    ...(inventory.has_memory ? [{ family: "memory", total: 1 }] : []),
  ].sort((a, b) => (a.family < b.family ? -1 : 1));
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
      artifacts: { total: families.reduce((sum, family) => sum + family.total, 0), by_family: families },
      // Memory candidates have their own inbox; these counters cover the contract's experience/skill families.
      candidates: candidateCounts(artifactCounts.candidates),
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

function recallCounts(sample: RecallSample | undefined): RecallTotals {
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

function sumCounts(days: readonly RecallTotals[]): RecallTotals {
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

type CandidateCounts = { total: number; pending: number; approved: number; rejected: number };

/** Experience and Skill candidates by status, in all and per family (families in name order). */
function candidateCounts(rows: ArtifactInventory["candidates"]): CandidateCounts & {
  by_family: Array<{ family: string } & CandidateCounts>;
} {
  const zero = (): CandidateCounts => ({ total: 0, pending: 0, approved: 0, rejected: 0 });
  const all = zero();
  const byFamily = new Map<string, CandidateCounts>();
  for (const row of rows) {
    const family = byFamily.get(row.family) ?? zero();
    byFamily.set(row.family, family);
    for (const counts of [all, family]) {
      counts.total += row.total;
      counts[row.status] += row.total;
    }
  }
  return { ...all, by_family: [...byFamily].map(([family, counts]) => ({ family, ...counts })) };
}
