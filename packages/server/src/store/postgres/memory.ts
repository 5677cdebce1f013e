// Memory reads on PostgreSQL: the head, an entry at any revision, the heads a plan relies on, listings and history.
import type { MemoryEntry } from "@powercontext/protocol";
import {
  groupChanges,
  memoryHead,
  toEntryHead,
  toMemoryEntry,
  type ChangeRow,
  type EntryVersionRow,
  type HeadVersionRow,
} from "../rows.ts";
import type { ChangesResult, EntryHead, HeadQuery, MemoryHeads, MemoryListing } from "../types.ts";
import { HEAD_VERSION_COLUMNS, VERSION_COLUMNS } from "./rows.ts";
import { readScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

const HEAD_VERSIONS = `SELECT ${HEAD_VERSION_COLUMNS}
  FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id`;

export async function headRevision(sql: Sql, scopeId: string): Promise<number> {
  return (await readScope(sql, scopeId))?.memory_revision ?? 0;
}

/** Call inside a snapshot. */
export async function readEntryAt(
  sql: Sql,
  scopeId: string,
  entryId: string,
  revision: number,
): Promise<MemoryEntry | null> {
  const change = await sql.row<Pick<ChangeRow, "op" | "from_version_id" | "to_version_id">>(
    `SELECT op, from_version_id, to_version_id FROM entry_change
     WHERE scope_id = $1 AND entry_id = $2 AND revision <= $3 ORDER BY revision DESC LIMIT 1`,
    [scopeId, entryId, revision],
  );
  if (!change) return null;
  const active = change.op !== "deactivate";
  const version = await sql.row<EntryVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM entry_version v WHERE v.entry_version_id = $1`,
    [active ? change.to_version_id : change.from_version_id],
  );
  return version ? toMemoryEntry(version, revision, active) : null;
}

/** Call inside a snapshot. */
export async function readHeads(sql: Sql, scopeId: string, query: HeadQuery): Promise<MemoryHeads> {
  const head = await headRevision(sql, scopeId);
  const rows = await sql.rows<HeadVersionRow>(
    `${HEAD_VERSIONS} WHERE h.scope_id = $1 AND h.entry_id = ANY ($2::text[])
     UNION ALL
     ${HEAD_VERSIONS} WHERE h.scope_id = $1 AND h.fingerprint = ANY ($3::text[]) AND h.state = 'active'`,
    [scopeId, [...new Set(query.entry_ids)], [...new Set(query.fingerprints)]],
  );
  const byId = new Map<string, EntryHead>();
  for (const row of rows) if (!byId.has(row.entry_id)) byId.set(row.entry_id, toEntryHead(row, head));
  return { memory: memoryHead(head), heads: [...byId.values()] };
}

/** Call inside a snapshot. */
export async function listEntries(sql: Sql, scopeId: string, includeInactive: boolean): Promise<MemoryListing> {
  const head = await headRevision(sql, scopeId);
  if (head === 0) return { memory: null, entries: [] };
  const rows = await sql.rows<EntryVersionRow & { state: string }>(
    `SELECT ${VERSION_COLUMNS}, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 AND ($2 OR h.state = 'active') ORDER BY h.entry_id`,
    [scopeId, includeInactive],
  );
  return { memory: memoryHead(head), entries: rows.map((row) => toMemoryEntry(row, head, row.state === "active")) };
}

/** Call inside a snapshot. */
export async function listChanges(sql: Sql, scopeId: string, since: number | null): Promise<ChangesResult> {
  const head = await headRevision(sql, scopeId);
  if (since !== null && since > head) return { status: "since_beyond_head" };
  if (head === 0) return { status: "ok", memory: null, revisions: [] };
  const rows = await sql.rows<ChangeRow>(
    `SELECT revision, op, entry_id, from_version_id, to_version_id, reason FROM entry_change
     WHERE scope_id = $1 AND revision > $2 ORDER BY revision, entry_id`,
    [scopeId, since ?? head - 1],
  );
  return { status: "ok", memory: memoryHead(head), revisions: groupChanges(rows) };
}
