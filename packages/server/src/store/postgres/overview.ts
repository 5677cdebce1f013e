// Overview reads on PostgreSQL: scope summaries, Sources newest first, one entry's changes, captures per day.
import { SCOPE_SUMMARY_SQL, type ScopeSummaryRow, toScopeSummary } from "../overview-rows.ts";
import { memoryHead } from "../rows.ts";
import type {
  DailyCount,
  EntryChangeStep,
  EntryPage,
  EntryPageQuery,
  ScopeSummary,
  SourcePage,
  StoredSource,
} from "../types.ts";
import { headRevision } from "./memory.ts";
import {
  type EntryVersionRow,
  SOURCE_COLUMNS,
  toMemoryEntry,
  toStoredSource,
  type SourceRow,
  VERSION_COLUMNS,
} from "./rows.ts";
import type { Sql } from "./sql.ts";

/** Call inside a snapshot, so that the counts agree with each other. */
export async function listScopes(sql: Sql): Promise<ScopeSummary[]> {
  return (await sql.rows<ScopeSummaryRow>(SCOPE_SUMMARY_SQL)).map(toScopeSummary);
}

export async function listSources(sql: Sql, scopeId: string, page: SourcePage): Promise<StoredSource[]> {
  const rows = await sql.rows<SourceRow>(
    `SELECT ${SOURCE_COLUMNS} FROM source WHERE scope_id = $1 AND position < $2 ORDER BY position DESC LIMIT $3`,
    [scopeId, page.before ?? Number.MAX_SAFE_INTEGER, page.limit],
  );
  return rows.map(toStoredSource);
}

export function listEntryChanges(sql: Sql, scopeId: string, entryId: string): Promise<EntryChangeStep[]> {
  return sql.rows<EntryChangeStep>(
    `SELECT c.revision, c.op, c.reason, r.created_at FROM entry_change c
     JOIN memory_revision r ON r.scope_id = c.scope_id AND r.revision = c.revision
     WHERE c.scope_id = $1 AND c.entry_id = $2 ORDER BY c.revision`,
    [scopeId, entryId],
  );
}

export function countSourcesByDay(sql: Sql, scopeId: string, fromDate: string): Promise<DailyCount[]> {
  return sql.rows<DailyCount>(
    `SELECT substr(captured_at, 1, 10) AS date, count(*) AS count FROM source
     WHERE scope_id = $1 AND captured_at >= $2 GROUP BY 1 ORDER BY 1`,
    [scopeId, fromDate],
  );
}

/** Call inside a snapshot. */
export async function listEntryPage(sql: Sql, scopeId: string, query: EntryPageQuery): Promise<EntryPage> {
  const head = await headRevision(sql, scopeId);
  if (head === 0) return { memory: null, entries: [], total: 0, kinds: [] };
  const rows = await sql.rows<EntryVersionRow & { state: string }>(
    `SELECT ${VERSION_COLUMNS}, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 AND ($2::text IS NULL OR h.state = $2) AND ($3::text IS NULL OR v.kind = $3)
     ORDER BY h.entry_id LIMIT $4 OFFSET $5`,
    [scopeId, query.state, query.kind, query.limit, query.offset],
  );
  const [count] = await sql.rows<{ n: number }>(
    `SELECT count(*) AS n FROM entry_head h
     WHERE h.scope_id = $1 AND ($2::text IS NULL OR h.state = $2)
       AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM entry_version v WHERE v.entry_version_id = h.entry_version_id AND v.kind = $3))`,
    [scopeId, query.state, query.kind],
  );
  const kinds = await sql.rows<{ kind: string }>(
    "SELECT DISTINCT kind FROM entry_version WHERE scope_id = $1 ORDER BY kind",
    [scopeId],
  );
  return {
    memory: memoryHead(head),
    entries: rows.map((row) => toMemoryEntry(row, head, row.state === "active")),
    total: Number(count?.n ?? 0),
    kinds: kinds.map((row) => row.kind),
  };
}
