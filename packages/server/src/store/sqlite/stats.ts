// Inventory counts for one scope, and daily recall statistics.
import type { DatabaseSync } from "node:sqlite";
import type { RecallSample, ScopeInventory } from "../types.ts";
import { readScope } from "./scope-state.ts";
import { stmt } from "./statements.ts";

export function getInventory(db: DatabaseSync, scopeId: string): ScopeInventory {
  const scope = readScope(db, scopeId);
  const candidates = { pending: 0, approved: 0, rejected: 0 };
  const counts = stmt(db, "SELECT status, count(*) AS n FROM memory_candidate WHERE scope_id = ? GROUP BY status").all(
    scopeId,
  ) as unknown as Array<{ status: keyof typeof candidates; n: number }>;
  for (const { status, n } of counts) candidates[status] = n;
  const kinds = stmt(
    db,
    `SELECT v.kind AS kind, count(*) AS total, sum(h.state = 'active') AS active, sum(h.state = 'inactive') AS inactive
     FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = ? GROUP BY v.kind ORDER BY v.kind`,
  ).all(scopeId) as unknown as ScopeInventory["entries_by_kind"];
  return {
    sources_total: scope?.high_watermark ?? 0,
    memory_cursor: scope?.memory_cursor ?? 0,
    has_memory: (scope?.memory_revision ?? 0) > 0,
    has_handoff: false,
    candidates,
    entries_by_kind: kinds.map((row) => ({ ...row })),
  };
}

export function addRecallSamples(db: DatabaseSync, samples: readonly RecallSample[]): void {
  const upsert = stmt(
    db,
    `INSERT INTO recall_daily (scope_id, date, preparations, ready_preparations, comparable_preparations, baseline_tokens,
       recalled_tokens) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope_id, date) DO UPDATE SET
       preparations = preparations + excluded.preparations,
       ready_preparations = ready_preparations + excluded.ready_preparations,
       comparable_preparations = comparable_preparations + excluded.comparable_preparations,
       baseline_tokens = baseline_tokens + excluded.baseline_tokens,
       recalled_tokens = recalled_tokens + excluded.recalled_tokens`,
  );
  for (const s of samples) {
    upsert.run(
      s.scope_id,
      s.date,
      s.preparations,
      s.ready_preparations,
      s.comparable_preparations,
      s.baseline_tokens,
      s.recalled_tokens,
    );
  }
}

export function readRecallDaily(db: DatabaseSync, scopeId: string, from: string, to: string): RecallSample[] {
  const rows = stmt(db, "SELECT * FROM recall_daily WHERE scope_id = ? AND date >= ? AND date <= ? ORDER BY date").all(
    scopeId,
    from,
    to,
  ) as unknown as RecallSample[];
  return rows.map((row) => ({ ...row }));
}
