// Memory operations: explicit writes with their preconditions, reads at the head or at any revision.
import type { DatabaseSync } from "node:sqlite";
import type { EntryChange, MemoryCitation } from "@powercontext/protocol";
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
import { memoryRef, toMemoryEntry, type EntryVersionRow } from "./rows.ts";
import { readScope } from "./scope-state.ts";
import { stmt } from "./statements.ts";

export function headRevision(db: DatabaseSync, scopeId: string): number {
  return readScope(db, scopeId)?.memory_revision ?? 0;
}

export function readVersion(db: DatabaseSync, entryVersionId: string): EntryVersionRow | undefined {
  return stmt(db, "SELECT * FROM entry_version WHERE entry_version_id = ?").get(entryVersionId) as
    | EntryVersionRow
    | undefined;
}

/** The version an entry maps to in `revision`, and whether it is active there; undefined if absent. */
export function entryStateAt(
  db: DatabaseSync,
  scopeId: string,
  entryId: string,
  revision: number,
): { entry_version_id: string; active: boolean } | undefined {
  const change = stmt(
    db,
    `SELECT op, from_version_id, to_version_id FROM entry_change
     WHERE scope_id = ? AND entry_id = ? AND revision <= ? ORDER BY revision DESC LIMIT 1`,
  ).get(scopeId, entryId, revision) as
    | { op: string; from_version_id: string | null; to_version_id: string | null }
    | undefined;
  if (!change) return undefined;
  if (change.op === "deactivate") return { entry_version_id: change.from_version_id ?? "", active: false };
  return { entry_version_id: change.to_version_id ?? "", active: true };
}

type CitationCheck =
  | { status: "ok"; head: number; version: EntryVersionRow; active: boolean }
  | { status: "artifact_not_found" }
  | { status: "memory_not_found" };

function checkCitation(db: DatabaseSync, scopeId: string, citation: MemoryCitation): CitationCheck {
  const head = headRevision(db, scopeId);
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
  const state = entryStateAt(db, scopeId, citation.entry_id, ref.revision);
  if (!state || state.entry_version_id !== citation.entry_version_id) return { status: "memory_not_found" };
  const version = readVersion(db, citation.entry_version_id);
  if (!version) return { status: "memory_not_found" };
  return { status: "ok", head, version, active: state.active };
}

export function getEntry(db: DatabaseSync, scopeId: string, citation: MemoryCitation): EntryLookup {
  const check = checkCitation(db, scopeId, citation);
  if (check.status !== "ok") return check;
  const entry = toMemoryEntry(check.version, citation.memory_ref.revision, check.active);
  return { status: "found", entry: { ...entry, citation } };
}

type MutableCheck =
  | { status: "ok"; head: number; version: EntryVersionRow; active: boolean }
  | { status: "artifact_not_found" | "memory_not_found" | "revision_conflict" };

/** A write may cite any revision, as long as the cited entry has not changed since (unrelated writes are fine). */
function checkMutable(db: DatabaseSync, scopeId: string, citation: MemoryCitation): MutableCheck {
  const check = checkCitation(db, scopeId, citation);
  if (check.status !== "ok") return check;
  const head = readHeadRow(db, scopeId, citation.entry_id);
  if (!head || head.last_revision > citation.memory_ref.revision) return { status: "revision_conflict" };
  return check;
}

export function remember(db: DatabaseSync, input: RememberInput): RememberResult {
  const head = headRevision(db, input.scope_id);
  if (input.expected_revision !== null) {
    if (head === 0) return { status: "no_memory" };
    if (head !== input.expected_revision) return { status: "revision_conflict" };
  }
  const { entry } = input;
  const twins = stmt(
    db,
    `SELECT v.* FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = ? AND h.fingerprint = ? AND h.state = 'active'`,
  ).all(input.scope_id, entry.fingerprint) as unknown as EntryVersionRow[];
  const identical = twins.some(
    (row) =>
      row.kind === entry.kind &&
      row.text === entry.text &&
      row.source_refs === JSON.stringify(entry.source_refs) &&
      row.artifact_refs === JSON.stringify(entry.artifact_refs),
  );
  if (identical) return { status: "unchanged", memory: memoryRef(head), entry: null };
  const revision = writeRevision(
    db,
    input.scope_id,
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
    entry: entryAtHead(db, input.scope_id, entry.entry_id, revision),
  };
}

export function reviseEntry(db: DatabaseSync, input: ReviseInput): EntryMutationResult {
  const check = checkMutable(db, input.scope_id, input.citation);
  if (check.status !== "ok") return check;
  if (!check.active) return { status: "entry_inactive" };
  const { version } = check;
  if (version.kind === input.next.kind && version.text === input.next.text) {
    return {
      status: "unchanged",
      memory: memoryRef(check.head),
      entry: toMemoryEntry(version, check.head, true),
    };
  }
  const entry = {
    ...input.next,
    entry_id: version.entry_id,
    source_refs: JSON.parse(version.source_refs),
    artifact_refs: JSON.parse(version.artifact_refs),
  };
  const revision = writeRevision(
    db,
    input.scope_id,
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
    entry: entryAtHead(db, input.scope_id, version.entry_id, revision),
  };
}

export function retireEntry(db: DatabaseSync, input: RetireInput): EntryMutationResult {
  const check = checkMutable(db, input.scope_id, input.citation);
  if (check.status !== "ok") return check;
  const { version } = check;
  if (!check.active) {
    return { status: "unchanged", memory: memoryRef(check.head), entry: toMemoryEntry(version, check.head, false) };
  }
  const revision = writeRevision(
    db,
    input.scope_id,
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

export function entryAtHead(
  db: DatabaseSync,
  scopeId: string,
  entryId: string,
  head: number,
): ReturnType<typeof toMemoryEntry> {
  const row = stmt(
    db,
    `SELECT v.*, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = ? AND h.entry_id = ?`,
  ).get(scopeId, entryId) as (EntryVersionRow & { state: string }) | undefined;
  if (!row) throw new Error(`entry ${entryId} has no head`);
  return toMemoryEntry(row, head, row.state === "active");
}

export function listEntries(db: DatabaseSync, scopeId: string, includeInactive: boolean): MemoryListing {
  const head = headRevision(db, scopeId);
  if (head === 0) return { memory: null, entries: [] };
  const rows = stmt(
    db,
    `SELECT v.*, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = ? AND (? OR h.state = 'active') ORDER BY h.entry_id`,
  ).all(scopeId, includeInactive ? 1 : 0) as unknown as Array<EntryVersionRow & { state: string }>;
  return { memory: memoryRef(head), entries: rows.map((row) => toMemoryEntry(row, head, row.state === "active")) };
}

export function listChanges(db: DatabaseSync, scopeId: string, since: number | null): ChangesResult {
  const head = headRevision(db, scopeId);
  if (since !== null && since > head) return { status: "since_beyond_head" };
  if (head === 0) return { status: "ok", memory: null, revisions: [] };
  const from = since ?? head - 1;
  const rows = stmt(
    db,
    `SELECT revision, op, entry_id, from_version_id, to_version_id, reason FROM entry_change
     WHERE scope_id = ? AND revision > ? ORDER BY revision, entry_id`,
  ).all(scopeId, from) as unknown as Array<{
    revision: number;
    op: EntryChange["op"];
    entry_id: string;
    from_version_id: string | null;
    to_version_id: string | null;
    reason: string | null;
  }>;
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

export function findActiveByFingerprint(
  db: DatabaseSync,
  scopeId: string,
  fingerprints: readonly string[],
): Map<string, MemoryCitation> {
  const head = headRevision(db, scopeId);
  const found = new Map<string, MemoryCitation>();
  for (const fingerprint of new Set(fingerprints)) {
    const row = activeWithFingerprint(db, scopeId, fingerprint);
    if (row) found.set(fingerprint, { memory_ref: memoryRef(head), ...row });
  }
  return found;
}

/**
 * The active entry with this fingerprint (the smallest id if several). No ORDER BY in SQL: without statistics the
 * planner would walk the (scope_id, entry_id) index to avoid a sort, scanning the whole scope per lookup.
 */
export function activeWithFingerprint(
  db: DatabaseSync,
  scopeId: string,
  fingerprint: string,
): { entry_id: string; entry_version_id: string } | undefined {
  const rows = stmt(
    db,
    "SELECT entry_id, entry_version_id FROM entry_head WHERE scope_id = ? AND fingerprint = ? AND state = 'active'",
  ).all(scopeId, fingerprint) as unknown as Array<{ entry_id: string; entry_version_id: string }>;
  let first = rows[0];
  for (const row of rows) if (first && row.entry_id < first.entry_id) first = row;
  return first ? { entry_id: first.entry_id, entry_version_id: first.entry_version_id } : undefined;
}
