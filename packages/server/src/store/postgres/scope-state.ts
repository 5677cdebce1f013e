// Per-scope counters (journal high watermark, Memory flush cursor, Memory head revision, search statistics) and the
// per-scope lock. Every write transaction locks its scope's row first, so writers to one scope, in any number of
// Server processes, take turns; writers to different scopes never wait for each other.
import type { Sql } from "./sql.ts";

export interface ScopeRow {
  scope_id: string;
  high_watermark: number;
  memory_cursor: number;
  memory_revision: number;
  /** Active entries in the full-text index, and the terms they hold (BM25's N and average length). */
  indexed_entries: number;
  indexed_terms: number;
}

const COLUMNS = "scope_id, high_watermark, memory_cursor, memory_revision, indexed_entries, indexed_terms";

export function readScope(sql: Sql, scopeId: string): Promise<ScopeRow | undefined> {
  return sql.row<ScopeRow>(`SELECT ${COLUMNS} FROM scope_state WHERE scope_id = $1`, [scopeId]);
}

const LOCK = `SELECT ${COLUMNS} FROM scope_state WHERE scope_id = $1 FOR UPDATE`;

/** Locks the scope's row until the transaction ends, creating it on first use. Call first in a write transaction. */
export async function lockScope(sql: Sql, scopeId: string): Promise<ScopeRow> {
  const locked = await lockExistingScope(sql, scopeId);
  if (locked) return locked;
  await sql.run("INSERT INTO scope_state (scope_id) VALUES ($1) ON CONFLICT (scope_id) DO NOTHING", [scopeId]);
  const created = await lockExistingScope(sql, scopeId);
  if (!created) throw new Error(`scope ${scopeId} has no state row after insert`);
  return created;
}

/** Like lockScope for a write that needs the scope to exist: an unknown scope gives undefined and writes nothing. */
export function lockExistingScope(sql: Sql, scopeId: string): Promise<ScopeRow | undefined> {
  return sql.row<ScopeRow>(LOCK, [scopeId]);
}
