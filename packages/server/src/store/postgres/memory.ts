// Memory operations: explicit writes with their preconditions, reads at the head or at any revision.
import type { EntryChange, MemoryCitation, MemoryEntry } from "@powercontext/protocol";
import type {
  ChangesResult,
  EntryLookup,
  EntryMutationResult,
  MemoryListing,
  MemoryRevisionChanges,
  RememberInput,
  RememberResult,
  ReviseInput,
  RetireInput,
} from "../types.ts";
import { readHeadRow, writeRevision } from "./memory-revision.ts";
import { memoryRef, toMemoryEntry, VERSION_COLUMNS, type EntryVersionRow } from "./rows.ts";
import { lockExistingScope, lockScope, readScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

export async function headRevision(sql: Sql, scopeId: string): Promise<number> {
  return (await readScope(sql, scopeId))?.memory_revision ?? 0;
}

export function readVersion(sql: Sql, entryVersionId: string): Promise<EntryVersionRow | undefined> {
  return sql.row<EntryVersionRow>(`SELECT ${VERSION_COLUMNS} FROM entry_version v WHERE v.entry_version_id = $1`, [
    entryVersionId,
  ]);
}

/** The version an entry maps to in `revision`, and whether it is active there; undefined if absent. */
export async function entryStateAt(
  sql: Sql,
  scopeId: string,
  entryId: string,
  revision: number,
): Promise<{ entry_version_id: string; active: boolean } | undefined> {
  const change = await sql.row<{ op: string; from_version_id: string | null; to_version_id: string | null }>(
    `SELECT op, from_version_id, to_version_id FROM entry_change
     WHERE scope_id = $1 AND entry_id = $2 AND revision <= $3 ORDER BY revision DESC LIMIT 1`,
    [scopeId, entryId, revision],
  );
  if (!change) return undefined;
  if (change.op === "deactivate") return { entry_version_id: change.from_version_id ?? "", active: false };
  return { entry_version_id: change.to_version_id ?? "", active: true };
}

type CitationCheck =
  | { status: "ok"; head: number; version: EntryVersionRow; active: boolean }
  | { status: "artifact_not_found" }
  | { status: "memory_not_found" };

async function checkCitation(
  sql: Sql,
  scopeId: string,
  head: number,
  citation: MemoryCitation,
): Promise<CitationCheck> {
  const ref = citation.memory_ref;
  if (
    head === 0 ||
    ref.family !== "memory" ||
    ref.artifact_id !== "memory" ||
    ref.revision < 1 ||
    ref.revision > head
  ) {
    return { status: "artifact_not_found" };
  }
  const state = await entryStateAt(sql, scopeId, citation.entry_id, ref.revision);
  if (!state || state.entry_version_id !== citation.entry_version_id) return { status: "memory_not_found" };
  const version = await readVersion(sql, citation.entry_version_id);
  if (!version) return { status: "memory_not_found" };
  return { status: "ok", head, version, active: state.active };
}

export async function getEntry(sql: Sql, scopeId: string, citation: MemoryCitation): Promise<EntryLookup> {
  const check = await checkCitation(sql, scopeId, await headRevision(sql, scopeId), citation);
  if (check.status !== "ok") return check;
  const entry = toMemoryEntry(check.version, citation.memory_ref.revision, check.active);
  return { status: "found", entry: { ...entry, citation } };
}

type MutableCheck =
  | { status: "ok"; head: number; version: EntryVersionRow; active: boolean }
  | { status: "artifact_not_found" | "memory_not_found" | "revision_conflict" };

/** A write may cite any revision, as long as the cited entry has not changed since (unrelated writes are fine). */
async function checkMutable(sql: Sql, scopeId: string, head: number, citation: MemoryCitation): Promise<MutableCheck> {
  const check = await checkCitation(sql, scopeId, head, citation);
  if (check.status !== "ok") return check;
  const row = await readHeadRow(sql, scopeId, citation.entry_id);
  if (!row || row.last_revision > citation.memory_ref.revision) return { status: "revision_conflict" };
  return check;
}

/** Call inside a write transaction. */
export async function remember(sql: Sql, input: RememberInput): Promise<RememberResult> {
  const scope = await lockScope(sql, input.scope_id);
  const head = scope.memory_revision;
  if (input.expected_revision !== null) {
    if (head === 0) return { status: "no_memory" };
    if (head !== input.expected_revision) return { status: "revision_conflict" };
  }
  const { entry } = input;
  const twins = await sql.rows<EntryVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 AND h.fingerprint = $2 AND h.state = 'active'`,
    [input.scope_id, entry.fingerprint],
  );
  const identical = twins.some(
    (row) =>
      row.kind === entry.kind &&
      row.text === entry.text &&
      JSON.stringify(row.source_refs) === JSON.stringify(entry.source_refs) &&
      JSON.stringify(row.artifact_refs) === JSON.stringify(entry.artifact_refs),
  );
  if (identical) return { status: "unchanged", memory: memoryRef(head), entry: null };
  const revision = await writeRevision(
    sql,
    scope,
    [
      {
        op: "add",
        entry_id: entry.entry_id,
        from_entry_version_id: null,
        to_entry_version_id: entry.entry_version_id,
        reason: input.reason,
        write: { entry, version: 1 },
      },
    ],
    input.now,
  );
  return {
    status: "written",
    memory: memoryRef(revision),
    entry: await entryAtHead(sql, input.scope_id, entry.entry_id, revision),
  };
}

/** Call inside a write transaction. */
export async function reviseEntry(sql: Sql, input: ReviseInput): Promise<EntryMutationResult> {
  const scope = await lockExistingScope(sql, input.scope_id);
  if (!scope) return { status: "artifact_not_found" };
  const check = await checkMutable(sql, input.scope_id, scope.memory_revision, input.citation);
  if (check.status !== "ok") return check;
  if (!check.active) return { status: "entry_inactive" };
  const { version } = check;
  if (version.kind === input.next.kind && version.text === input.next.text) {
    return { status: "unchanged", memory: memoryRef(check.head), entry: toMemoryEntry(version, check.head, true) };
  }
  const entry = {
    ...input.next,
    entry_id: version.entry_id,
    source_refs: version.source_refs,
    artifact_refs: version.artifact_refs,
  };
  const revision = await writeRevision(
    sql,
    scope,
    [
      {
        op: "revise",
        entry_id: version.entry_id,
        from_entry_version_id: version.entry_version_id,
        to_entry_version_id: entry.entry_version_id,
        reason: input.reason,
        write: { entry, version: version.version + 1 },
      },
    ],
    input.now,
  );
  return {
    status: "written",
    memory: memoryRef(revision),
    entry: await entryAtHead(sql, input.scope_id, version.entry_id, revision),
  };
}

/** Call inside a write transaction. */
export async function retireEntry(sql: Sql, input: RetireInput): Promise<EntryMutationResult> {
  const scope = await lockExistingScope(sql, input.scope_id);
  if (!scope) return { status: "artifact_not_found" };
  const check = await checkMutable(sql, input.scope_id, scope.memory_revision, input.citation);
  if (check.status !== "ok") return check;
  const { version } = check;
  if (!check.active) {
    return { status: "unchanged", memory: memoryRef(check.head), entry: toMemoryEntry(version, check.head, false) };
  }
  const revision = await writeRevision(
    sql,
    scope,
    [
      {
        op: "deactivate",
        entry_id: version.entry_id,
        from_entry_version_id: version.entry_version_id,
        to_entry_version_id: null,
        reason: input.reason,
      },
    ],
    input.now,
  );
  return { status: "written", memory: memoryRef(revision), entry: toMemoryEntry(version, revision, false) };
}

export async function entryAtHead(sql: Sql, scopeId: string, entryId: string, head: number): Promise<MemoryEntry> {
  const row = await sql.row<EntryVersionRow & { state: string }>(
    `SELECT ${VERSION_COLUMNS}, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 AND h.entry_id = $2`,
    [scopeId, entryId],
  );
  if (!row) throw new Error(`entry ${entryId} has no head`);
  return toMemoryEntry(row, head, row.state === "active");
}

export async function listEntries(sql: Sql, scopeId: string, includeInactive: boolean): Promise<MemoryListing> {
  const head = await headRevision(sql, scopeId);
  if (head === 0) return { memory: null, entries: [] };
  const rows = await sql.rows<EntryVersionRow & { state: string }>(
    `SELECT ${VERSION_COLUMNS}, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 AND ($2 OR h.state = 'active') ORDER BY h.entry_id`,
    [scopeId, includeInactive],
  );
  return { memory: memoryRef(head), entries: rows.map((row) => toMemoryEntry(row, head, row.state === "active")) };
}

export async function listChanges(sql: Sql, scopeId: string, since: number | null): Promise<ChangesResult> {
  const head = await headRevision(sql, scopeId);
  if (since !== null && since > head) return { status: "since_beyond_head" };
  if (head === 0) return { status: "ok", memory: null, revisions: [] };
  const from = since ?? head - 1;
  const rows = await sql.rows<{
    revision: number;
    op: EntryChange["op"];
    entry_id: string;
    from_version_id: string | null;
    to_version_id: string | null;
    reason: string | null;
  }>(
    `SELECT revision, op, entry_id, from_version_id, to_version_id, reason FROM entry_change
     WHERE scope_id = $1 AND revision > $2 ORDER BY revision, entry_id`,
    [scopeId, from],
  );
  const revisions: MemoryRevisionChanges[] = [];
  for (const row of rows) {
    let last = revisions.at(-1);
    if (!last || last.memory_ref.revision !== row.revision) {
      last = { memory_ref: memoryRef(row.revision), changes: [] };
      revisions.push(last);
    }
    last.changes.push({
      op: row.op,
      entry_id: row.entry_id,
      from_entry_version_id: row.from_version_id,
      to_entry_version_id: row.to_version_id,
      reason: row.reason,
    });
  }
  return { status: "ok", memory: memoryRef(head), revisions };
}

export async function findActiveByFingerprint(
  sql: Sql,
  scopeId: string,
  fingerprints: readonly string[],
): Promise<Map<string, MemoryCitation>> {
  const head = await headRevision(sql, scopeId);
  const rows = await sql.rows<{ fingerprint: string; entry_id: string; entry_version_id: string }>(
    `SELECT DISTINCT ON (fingerprint) fingerprint, entry_id, entry_version_id FROM entry_head
     WHERE scope_id = $1 AND fingerprint = ANY ($2::text[]) AND state = 'active' ORDER BY fingerprint, entry_id`,
    [scopeId, [...new Set(fingerprints)]],
  );
  const byFingerprint = new Map(rows.map((row) => [row.fingerprint, row]));
  const found = new Map<string, MemoryCitation>();
  for (const fingerprint of new Set(fingerprints)) {
    const row = byFingerprint.get(fingerprint);
    if (row)
      found.set(fingerprint, {
        memory_ref: memoryRef(head),
        entry_id: row.entry_id,
        entry_version_id: row.entry_version_id,
      });
  }
  return found;
}
