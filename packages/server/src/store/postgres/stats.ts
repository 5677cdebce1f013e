// Inventory counts for one scope, and daily recall statistics.
import { recallDailyRow, toScopeInventory } from "../rows.ts";
import type { CandidateStatus, RecallSample, ScopeInventory } from "../types.ts";
import { readScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

/** Call inside a snapshot, so that the counts agree with each other. */
export async function getInventory(sql: Sql, scopeId: string): Promise<ScopeInventory> {
  const scope = await readScope(sql, scopeId);
  const counts = await sql.rows<{ status: CandidateStatus; n: number }>(
    "SELECT status, count(*) AS n FROM memory_candidate WHERE scope_id = $1 GROUP BY status",
    [scopeId],
  );
  const kinds = await sql.rows<ScopeInventory["entries_by_kind"][number]>(
    `SELECT v.kind, count(*) AS total, count(*) FILTER (WHERE h.state = 'active') AS active,
       count(*) FILTER (WHERE h.state = 'inactive') AS inactive
     FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 GROUP BY v.kind ORDER BY v.kind`,
    [scopeId],
  );
  return toScopeInventory(scope, counts, kinds);
}

/** Call inside a write transaction. Rows are upserted in key order, so concurrent batches cannot deadlock. */
export async function addRecallSamples(sql: Sql, samples: readonly RecallSample[]): Promise<void> {
  const ordered = [...samples].sort((a, b) => compare(a.scope_id, b.scope_id) || compare(a.date, b.date));
  for (const s of ordered) {
    await sql.run(
      `INSERT INTO recall_daily (scope_id, date, preparations, ready_preparations, comparable_preparations, baseline_tokens,
         recalled_tokens, recalled_items, recalled_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (scope_id, date) DO UPDATE SET
         preparations = recall_daily.preparations + excluded.preparations,
         ready_preparations = recall_daily.ready_preparations + excluded.ready_preparations,
         comparable_preparations = recall_daily.comparable_preparations + excluded.comparable_preparations,
         baseline_tokens = recall_daily.baseline_tokens + excluded.baseline_tokens,
         recalled_tokens = recall_daily.recalled_tokens + excluded.recalled_tokens,
         recalled_items = recall_daily.recalled_items + excluded.recalled_items,
         recalled_bytes = recall_daily.recalled_bytes + excluded.recalled_bytes`,
      recallDailyRow(s),
    );
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function readRecallDaily(sql: Sql, scopeId: string, from: string, to: string): Promise<RecallSample[]> {
  return sql.rows<RecallSample>(
    `SELECT scope_id, date, preparations, ready_preparations, comparable_preparations, baseline_tokens, recalled_tokens,
       recalled_items, recalled_bytes
     FROM recall_daily WHERE scope_id = $1 AND date >= $2 AND date <= $3 ORDER BY date`,
    [scopeId, from, to],
  );
}
