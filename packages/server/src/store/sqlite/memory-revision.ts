// Committing a planned Memory revision on SQLite, inside one BEGIN IMMEDIATE transaction (see sqlite-store.ts):
// the expectations are checked against the current rows, then the revision's entry versions with their session
// origins (origin-index.ts), changes, head manifest and FTS rows, the candidates and the cursor are written.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { expectedKeys, meetsExpectations, type ObservedFacts } from "../expectations.ts";
import { CHANGE_COLUMNS, VERSION_COLUMNS, changeRow, changeValues, versionRow } from "../revision-rows.ts";
import { memoryHead } from "../rows.ts";
import type { CandidateStatus, PlannedChange, RevisionCommit, RevisionCommitResult } from "../types.ts";
import { writeCandidates } from "./candidates.ts";
import { indexEntryOrigins } from "./origin-index.ts";
import { ensureScope, scopeToken, type ScopeRow } from "./scope-state.ts";
import { stmt } from "./statements.ts";

interface HeadRow {
  key: number;
  entry_id: string;
  entry_version_id: string;
  state: string;
  last_revision: number;
  fingerprint: string;
}

function readHeadRow(db: DatabaseSync, scopeId: string, entryId: string): HeadRow | undefined {
  return stmt(db, "SELECT * FROM entry_head WHERE scope_id = ? AND entry_id = ?").get(scopeId, entryId) as
    | HeadRow
    | undefined;
}

/** Call inside a write transaction. */
export function commitRevision(db: DatabaseSync, commit: RevisionCommit): RevisionCommitResult {
  const scope = ensureScope(db, commit.scope_id);
  if (!meetsExpectations(commit, observe(db, scope, commit))) return { status: "conflict" };
  const revision =
    commit.changes.length > 0 ? writeRevision(db, scope, commit.changes, commit.now) : scope.memory_revision;
  const memory = memoryHead(revision);
  writeCandidates(db, commit.scope_id, commit.candidates ?? [], memory, commit.now);
  if (commit.cursor) {
    stmt(db, "UPDATE scope_state SET memory_cursor = ? WHERE scope_id = ?").run(commit.cursor.to, commit.scope_id);
  }
  return { status: "committed", memory };
}

/** Statements are prepared only for the keys a commit has: an older schema may lack a table the commit never needs. */
function observe(db: DatabaseSync, scope: ScopeRow, commit: RevisionCommit): ObservedFacts {
  const keys = expectedKeys(commit);
  const scopeId = scope.scope_id;
  const lastRevisions = new Map<string, number>();
  for (const entryId of keys.entry_ids) {
    const head = readHeadRow(db, scopeId, entryId);
    if (head) lastRevisions.set(entryId, head.last_revision);
  }
  const byFingerprint = new Map<string, string[]>();
  for (const fingerprint of keys.fingerprints) {
    const rows = stmt(
      db,
      "SELECT entry_id FROM entry_head WHERE scope_id = ? AND fingerprint = ? AND state = 'active'",
    ).all(scopeId, fingerprint) as unknown as Array<{ entry_id: string }>;
    byFingerprint.set(
      fingerprint,
      rows.map((row) => row.entry_id),
    );
  }
  const candidates = new Map<string, { version: number; status: CandidateStatus }>();
  for (const candidateId of keys.candidate_ids) {
    const row = stmt(db, "SELECT version, status FROM memory_candidate WHERE scope_id = ? AND candidate_id = ?").get(
      scopeId,
      candidateId,
    ) as { version: number; status: CandidateStatus } | undefined;
    if (row) candidates.set(candidateId, { version: row.version, status: row.status });
  }
  return {
    head: scope.memory_revision,
    cursor: scope.memory_cursor,
    last_revisions: lastRevisions,
    active_by_fingerprint: byFingerprint,
    candidates,
  };
}

/** Appends the next revision holding `changes` (none writes an empty revision) and returns its number. */
export function writeRevision(
  db: DatabaseSync,
  scope: ScopeRow,
  changes: readonly PlannedChange[],
  now: string,
): number {
  const scopeId = scope.scope_id;
  const revision = scope.memory_revision + 1;
  stmt(db, "INSERT INTO memory_revision (scope_id, revision, created_at) VALUES (?, ?, ?)").run(scopeId, revision, now);
  stmt(db, "UPDATE scope_state SET memory_revision = ? WHERE scope_id = ?").run(revision, scopeId);
  const insertVersion = stmt(
    db,
    `INSERT INTO entry_version (${VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertChange = stmt(db, `INSERT INTO entry_change (${CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  for (const change of changes) {
    const values = changeValues(change);
    if (values.written) {
      insertVersion.run(...(versionRow(scopeId, revision, values.written) as SQLInputValue[]));
      // A version citing no Source has no origins, so the statement is skipped (which also lets the migration tests
      // write such entries on a schema older than the table).
      if (values.written.entry.source_refs.length > 0) indexEntryOrigins(db, values.written.entry.entry_version_id);
    }
    insertChange.run(...(changeRow(scopeId, revision, values) as SQLInputValue[]));
    applyToHead(db, scope, revision, change);
  }
  return revision;
}

/** Moves the entry's head, and its FTS row, to what the change leaves. */
function applyToHead(db: DatabaseSync, scope: ScopeRow, revision: number, change: PlannedChange): void {
  const token = scopeToken(scope.scope_key);
  switch (change.op) {
    case "add": {
      const { entry } = change;
      const inserted = stmt(
        db,
        `INSERT INTO entry_head (scope_id, entry_id, entry_version_id, state, last_revision, fingerprint)
           VALUES (?, ?, ?, 'active', ?, ?)`,
      ).run(scope.scope_id, entry.entry_id, entry.entry_version_id, revision, entry.fingerprint);
      insertFts(db, Number(inserted.lastInsertRowid), token, entry.search_text);
      return;
    }
    case "revise": {
      const { entry } = change;
      const head = requireHead(db, scope.scope_id, entry.entry_id);
      stmt(db, "UPDATE entry_head SET entry_version_id = ?, last_revision = ?, fingerprint = ? WHERE key = ?").run(
        entry.entry_version_id,
        revision,
        entry.fingerprint,
        head.key,
      );
      stmt(db, "DELETE FROM entry_fts WHERE rowid = ?").run(head.key);
      insertFts(db, head.key, token, entry.search_text);
      return;
    }
    case "deactivate": {
      const head = requireHead(db, scope.scope_id, change.entry_id);
      stmt(db, "UPDATE entry_head SET state = 'inactive', last_revision = ? WHERE key = ?").run(revision, head.key);
      stmt(db, "DELETE FROM entry_fts WHERE rowid = ?").run(head.key);
      return;
    }
    default: {
      const unreachable: never = change;
      throw new Error(`unknown change ${JSON.stringify(unreachable)}`);
    }
  }
}

function requireHead(db: DatabaseSync, scopeId: string, entryId: string): HeadRow {
  const head = readHeadRow(db, scopeId, entryId);
  if (!head) throw new Error(`entry ${entryId} has no head`);
  return head;
}

function insertFts(db: DatabaseSync, key: number, token: string, searchText: string): void {
  stmt(db, "INSERT INTO entry_fts (rowid, scope_key, body) VALUES (?, ?, ?)").run(key, token, searchText);
}
