// Per-scope counters: journal high watermark, Memory flush cursor, Memory head revision, FTS scope key.
import type { DatabaseSync } from "node:sqlite";
import { stmt } from "./statements.ts";

export interface ScopeRow {
  scope_id: string;
  scope_key: number;
  high_watermark: number;
  memory_cursor: number;
  memory_revision: number;
}

export function readScope(db: DatabaseSync, scopeId: string): ScopeRow | undefined {
  return stmt(db, "SELECT * FROM scope_state WHERE scope_id = ?").get(scopeId) as ScopeRow | undefined;
}

/** Returns the scope's row, creating it on first use. Call inside a write transaction. */
export function ensureScope(db: DatabaseSync, scopeId: string): ScopeRow {
  const existing = readScope(db, scopeId);
  if (existing) return existing;
  stmt(
    db,
    "INSERT INTO scope_state (scope_id, scope_key) VALUES (?, (SELECT coalesce(max(scope_key), 0) + 1 FROM scope_state))",
  ).run(scopeId);
  return readScope(db, scopeId) as ScopeRow;
}

/** The FTS5 token that restricts a match to one scope's rows. */
export function scopeToken(scopeKey: number): string {
  return `k${scopeKey}`;
}
