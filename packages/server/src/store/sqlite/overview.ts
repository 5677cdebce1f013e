// Overview reads on SQLite: scope summaries, Sources newest first, one entry's changes, captures per day.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { SCOPE_SUMMARY_SQL, type ScopeSummaryRow, toScopeSummary } from "../overview-rows.ts";
import { memoryHead, toMemoryEntry, toStoredSource } from "../rows.ts";
import type {
  DailyCount,
  EntryChangeStep,
  EntryPage,
  EntryPageQuery,
  ScopeSummary,
  SourcePage,
  StoredSource,
} from "../types.ts";
import { readSnapshot } from "./database.ts";
import { headRevision } from "./memory.ts";
import { decodeSource, decodeVersion, type StoredSourceRow, type StoredVersionRow } from "./rows.ts";
import { stmt } from "./statements.ts";

export function listScopes(db: DatabaseSync): ScopeSummary[] {
  const rows = stmt(db, SCOPE_SUMMARY_SQL).all() as unknown as ScopeSummaryRow[];
  return rows.map(toScopeSummary);
}

export function listSources(db: DatabaseSync, scopeId: string, page: SourcePage): StoredSource[] {
  const rows = stmt(db, "SELECT * FROM source WHERE scope_id = ? AND position < ? ORDER BY position DESC LIMIT ?").all(
    scopeId,
    page.before ?? Number.MAX_SAFE_INTEGER,
    page.limit,
  ) as unknown as StoredSourceRow[];
  return rows.map((row) => toStoredSource(decodeSource(row)));
}

export function listEntryChanges(db: DatabaseSync, scopeId: string, entryId: string): EntryChangeStep[] {
  const rows = stmt(
    db,
    `SELECT c.revision, c.op, c.reason, r.created_at FROM entry_change c
     JOIN memory_revision r ON r.scope_id = c.scope_id AND r.revision = c.revision
     WHERE c.scope_id = ? AND c.entry_id = ? ORDER BY c.revision`,
  ).all(scopeId, entryId) as unknown as EntryChangeStep[];
  return rows.map((row) => ({ ...row }));
}

export function countSourcesByDay(db: DatabaseSync, scopeId: string, fromDate: string): DailyCount[] {
  const rows = stmt(
    db,
    `SELECT substr(captured_at, 1, 10) AS date, count(*) AS count FROM source
     WHERE scope_id = ? AND captured_at >= ? GROUP BY 1 ORDER BY 1`,
  ).all(scopeId, fromDate) as unknown as DailyCount[];
  return rows.map((row) => ({ ...row }));
}

export function listEntryPage(db: DatabaseSync, scopeId: string, query: EntryPageQuery): EntryPage {
  return readSnapshot(db, () => {
    const head = headRevision(db, scopeId);
    if (head === 0) return { memory: null, entries: [], total: 0, kinds: [] };
    const rows = stmt(
      db,
      `SELECT v.*, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
       WHERE h.scope_id = ? AND (? IS NULL OR h.state = ?) AND (? IS NULL OR v.kind = ?)
       ORDER BY h.entry_id LIMIT ? OFFSET ?`,
    ).all(scopeId, query.state, query.state, query.kind, query.kind, query.limit, query.offset) as unknown as Array<
      StoredVersionRow & { state: string }
    >;
    const entries = rows.map((row) => toMemoryEntry(decodeVersion(row), head, row.state === "active"));
    const total = countEntries(db, scopeId, query);
    const kinds = stmt(db, "SELECT DISTINCT kind FROM entry_version WHERE scope_id = ? ORDER BY kind").all(scopeId);
    return { memory: memoryHead(head), entries, total, kinds: kinds.map((row) => String(row.kind)) };
  });
}

/**
 * Without a kind, the head's indexes answer the count: every entry, and the active ones (the literal state lets SQLite
 * count them in the partial index of active entries). Only a kind filter joins each head entry to its version.
 */
function countEntries(db: DatabaseSync, scopeId: string, query: EntryPageQuery): number {
  const count = (sql: string, ...values: SQLInputValue[]): number => Number(stmt(db, sql).get(...values)?.n ?? 0);
  if (query.kind !== null) {
    return count(
      `SELECT count(*) AS n FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
       WHERE h.scope_id = ? AND (? IS NULL OR h.state = ?) AND v.kind = ?`,
      scopeId,
      query.state,
      query.state,
      query.kind,
    );
  }
  const all = count("SELECT count(*) AS n FROM entry_head WHERE scope_id = ?", scopeId);
  if (query.state === null) return all;
  const active = count("SELECT count(*) AS n FROM entry_head WHERE scope_id = ? AND state = 'active'", scopeId);
  return query.state === "active" ? active : all - active;
}
