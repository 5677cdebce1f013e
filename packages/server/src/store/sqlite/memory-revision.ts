// Writing one Memory revision: new entry versions, the revision's changes, the head manifest and its FTS rows.
import type { DatabaseSync } from "node:sqlite";
import { stmt } from "./statements.ts";
import type { EntryChangeOp } from "@powercontext/protocol";
import type { NewEntryVersion } from "../types.ts";
import { ensureScope, scopeToken } from "./scope-state.ts";

export interface PlannedChange {
  op: EntryChangeOp;
  entry_id: string;
  from_entry_version_id: string | null;
  to_entry_version_id: string | null;
  reason: string | null;
  /** The version written by an add or revise. */
  write?: { entry: NewEntryVersion; version: number };
}

interface HeadRow {
  key: number;
  entry_id: string;
  entry_version_id: string;
  state: string;
  last_revision: number;
  fingerprint: string;
}

export function readHeadRow(db: DatabaseSync, scopeId: string, entryId: string): HeadRow | undefined {
  return stmt(db, "SELECT * FROM entry_head WHERE scope_id = ? AND entry_id = ?").get(scopeId, entryId) as
    | HeadRow
    | undefined;
}

/** Appends the next revision holding `changes` (at most one per entry). Call inside a write transaction. */
export function writeRevision(
  db: DatabaseSync,
  scopeId: string,
  changes: readonly PlannedChange[],
  now: string,
): number {
  const scope = ensureScope(db, scopeId);
  const revision = scope.memory_revision + 1;
  const token = scopeToken(scope.scope_key);
  stmt(db, "INSERT INTO memory_revision (scope_id, revision, created_at) VALUES (?, ?, ?)").run(scopeId, revision, now);
  stmt(db, "UPDATE scope_state SET memory_revision = ? WHERE scope_id = ?").run(revision, scopeId);
  const insertVersion = stmt(
    db,
    `INSERT INTO entry_version (entry_version_id, scope_id, entry_id, version, kind, text, search_text, fingerprint,
       source_refs, artifact_refs, written_revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertChange = stmt(
    db,
    `INSERT INTO entry_change (scope_id, entry_id, revision, op, from_version_id, to_version_id, reason)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const change of changes) {
    const write = change.write;
    if (write) {
      const { entry } = write;
      insertVersion.run(
        entry.entry_version_id,
        scopeId,
        change.entry_id,
        write.version,
        entry.kind,
        entry.text,
        entry.search_text,
        entry.fingerprint,
        JSON.stringify(entry.source_refs),
        JSON.stringify(entry.artifact_refs),
        revision,
      );
    }
    insertChange.run(
      scopeId,
      change.entry_id,
      revision,
      change.op,
      change.from_entry_version_id,
      change.to_entry_version_id,
      change.reason,
    );
    applyToHead(db, scopeId, token, revision, change);
  }
  return revision;
}

function applyToHead(db: DatabaseSync, scopeId: string, token: string, revision: number, change: PlannedChange): void {
  const head = readHeadRow(db, scopeId, change.entry_id);
  const write = change.write;
  switch (change.op) {
    case "add": {
      if (!write) throw new Error("add without a version");
      const inserted = stmt(
        db,
        `INSERT INTO entry_head (scope_id, entry_id, entry_version_id, state, last_revision, fingerprint)
           VALUES (?, ?, ?, 'active', ?, ?)`,
      ).run(scopeId, change.entry_id, write.entry.entry_version_id, revision, write.entry.fingerprint);
      insertFts(db, Number(inserted.lastInsertRowid), token, write.entry.search_text);
      return;
    }
    case "revise": {
      if (!write || !head) throw new Error("revise without a version or head");
      stmt(db, "UPDATE entry_head SET entry_version_id = ?, last_revision = ?, fingerprint = ? WHERE key = ?").run(
        write.entry.entry_version_id,
        revision,
        write.entry.fingerprint,
        head.key,
      );
      stmt(db, "DELETE FROM entry_fts WHERE rowid = ?").run(head.key);
      insertFts(db, head.key, token, write.entry.search_text);
      return;
    }
    case "deactivate": {
      if (!head) throw new Error("deactivate without a head");
      stmt(db, "UPDATE entry_head SET state = 'inactive', last_revision = ? WHERE key = ?").run(revision, head.key);
      stmt(db, "DELETE FROM entry_fts WHERE rowid = ?").run(head.key);
      return;
    }
    case "reactivate": {
      if (!head) throw new Error("reactivate without a head");
      stmt(db, "UPDATE entry_head SET state = 'active', last_revision = ? WHERE key = ?").run(revision, head.key);
      const row = stmt(db, "SELECT search_text FROM entry_version WHERE entry_version_id = ?").get(
        head.entry_version_id,
      ) as {
        search_text: string;
      };
      insertFts(db, head.key, token, row.search_text);
      return;
    }
    default: {
      const unreachable: never = change.op;
      throw new Error(`unknown change op ${String(unreachable)}`);
    }
  }
}

function insertFts(db: DatabaseSync, key: number, token: string, searchText: string): void {
  stmt(db, "INSERT INTO entry_fts (rowid, scope_key, body) VALUES (?, ?, ?)").run(key, token, searchText);
}
