// Inventory counts for one scope, and daily recall statistics.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { recallDailyRow, toScopeInventory } from "../rows.ts";
import type { CandidateStatus, RecallSample, ScopeInventory } from "../types.ts";
import { readScope } from "./scope-state.ts";
import { stmt } from "./statements.ts";

export function getInventory(db: DatabaseSync, scopeId: string): ScopeInventory {
  const scope = readScope(db, scopeId);
  const counts = stmt(db, "SELECT status, count(*) AS n FROM memory_candidate WHERE scope_id = ? GROUP BY status").all(
    scopeId,
  ) as unknown as Array<{ status: CandidateStatus; n: number }>;
  const kinds = stmt(
    db,
    `SELECT v.kind AS kind, count(*) AS total, sum(h.state = 'active') AS active, sum(h.state = 'inactive') AS inactive
     FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = ? GROUP BY v.kind ORDER BY v.kind`,
  ).all(scopeId) as unknown as ScopeInventory["entries_by_kind"];
  return toScopeInventory(
    scope,
    counts,
    kinds.map((row) => ({ ...row })),
  );
}

export function addRecallSamples(db: DatabaseSync, samples: readonly RecallSample[]): void {
  const upsert = stmt(
    db,
    `INSERT INTO recall_daily (scope_id, date, preparations, ready_preparations, comparable_preparations, baseline_tokens,
       recalled_tokens, recalled_items, recalled_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope_id, date) DO UPDATE SET
       preparations = preparations + excluded.preparations,
       ready_preparations = ready_preparations + excluded.ready_preparations,
       comparable_preparations = comparable_preparations + excluded.comparable_preparations,
       baseline_tokens = baseline_tokens + excluded.baseline_tokens,
       recalled_tokens = recalled_tokens + excluded.recalled_tokens,
       recalled_items = recalled_items + excluded.recalled_items,
       recalled_bytes = recalled_bytes + excluded.recalled_bytes`,
  );
  for (const s of samples) upsert.run(...(recallDailyRow(s) as SQLInputValue[]));
}

export function readRecallDaily(db: DatabaseSync, scopeId: string, from: string, to: string): RecallSample[] {
  const rows = stmt(db, "SELECT * FROM recall_daily WHERE scope_id = ? AND date >= ? AND date <= ? ORDER BY date").all(
    scopeId,
    from,
    to,
  ) as unknown as RecallSample[];
  return rows.map((row) => ({ ...row }));
}
