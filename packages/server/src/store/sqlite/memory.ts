// Memory reads on SQLite: the head, an entry at any revision, the heads a plan relies on, listings and history.
import type { DatabaseSync } from "node:sqlite";
import type { MemoryEntry } from "@powercontext/protocol";
import { groupChanges, memoryHead, toEntryHead, toMemoryEntry, type ChangeRow } from "../rows.ts";
import type { ChangesResult, EntryHead, HeadQuery, MemoryHeads, MemoryListing } from "../types.ts";
import { readSnapshot } from "./database.ts";
import { decodeVersion, type StoredHeadVersionRow, type StoredVersionRow } from "./rows.ts";
import { readScope } from "./scope-state.ts";
import { stmt } from "./statements.ts";

const HEAD_VERSIONS = `SELECT v.*, h.state, h.fingerprint, h.last_revision
  FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id`;

export function headRevision(db: DatabaseSync, scopeId: string): number {
  return readScope(db, scopeId)?.memory_revision ?? 0;
}

export function readEntryAt(db: DatabaseSync, scopeId: string, entryId: string, revision: number): MemoryEntry | null {
  return readSnapshot(db, () => {
    const change = stmt(
      db,
      `SELECT op, from_version_id, to_version_id FROM entry_change
       WHERE scope_id = ? AND entry_id = ? AND revision <= ? ORDER BY revision DESC LIMIT 1`,
    ).get(scopeId, entryId, revision) as Pick<ChangeRow, "op" | "from_version_id" | "to_version_id"> | undefined;
    if (!change) return null;
    const active = change.op !== "deactivate";
    const versionId = active ? change.to_version_id : change.from_version_id;
    const version = stmt(db, "SELECT * FROM entry_version WHERE entry_version_id = ?").get(versionId) as
      | StoredVersionRow
      | undefined;
    return version ? toMemoryEntry(decodeVersion(version), revision, active) : null;
  });
}

/**
 * The active heads with each fingerprint are read without ORDER BY: without statistics the planner would walk the
 * (scope_id, entry_id) index to avoid a sort, scanning the whole scope per lookup.
 */
export function readHeads(db: DatabaseSync, scopeId: string, query: HeadQuery): MemoryHeads {
  return readSnapshot(db, () => {
    const head = headRevision(db, scopeId);
    const byId = new Map<string, EntryHead>();
    const add = (row: StoredHeadVersionRow | undefined): void => {
      if (row && !byId.has(row.entry_id)) byId.set(row.entry_id, toEntryHead(decodeVersion(row), head));
    };
    const ofEntry = stmt(db, `${HEAD_VERSIONS} WHERE h.scope_id = ? AND h.entry_id = ?`);
    for (const entryId of new Set(query.entry_ids)) add(ofEntry.get(scopeId, entryId) as StoredHeadVersionRow);
    const withFingerprint = stmt(
      db,
      `${HEAD_VERSIONS} WHERE h.scope_id = ? AND h.fingerprint = ? AND h.state = 'active'`,
    );
    for (const fingerprint of new Set(query.fingerprints)) {
      for (const row of withFingerprint.all(scopeId, fingerprint)) add(row as unknown as StoredHeadVersionRow);
    }
    return { memory: memoryHead(head), heads: [...byId.values()] };
  });
}

export function listEntries(db: DatabaseSync, scopeId: string, includeInactive: boolean): MemoryListing {
  return readSnapshot(db, () => {
    const head = headRevision(db, scopeId);
    if (head === 0) return { memory: null, entries: [] };
    const rows = stmt(
      db,
      `SELECT v.*, h.state FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
       WHERE h.scope_id = ? AND (? OR h.state = 'active') ORDER BY h.entry_id`,
    ).all(scopeId, includeInactive ? 1 : 0) as unknown as Array<StoredVersionRow & { state: string }>;
    const entries = rows.map((row) => toMemoryEntry(decodeVersion(row), head, row.state === "active"));
    return { memory: memoryHead(head), entries };
  });
}

export function listChanges(db: DatabaseSync, scopeId: string, since: number | null): ChangesResult {
  return readSnapshot(db, () => {
    const head = headRevision(db, scopeId);
    if (since !== null && since > head) return { status: "since_beyond_head" };
    if (head === 0) return { status: "ok", memory: null, revisions: [] };
    const rows = stmt(
      db,
      `SELECT revision, op, entry_id, from_version_id, to_version_id, reason FROM entry_change
       WHERE scope_id = ? AND revision > ? ORDER BY revision, entry_id`,
    ).all(scopeId, since ?? head - 1) as unknown as ChangeRow[];
    return { status: "ok", memory: memoryHead(head), revisions: groupChanges(rows) };
  });
}
