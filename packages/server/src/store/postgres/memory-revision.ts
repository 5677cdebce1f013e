// Committing a planned Memory revision on PostgreSQL, in one transaction that first locks the scope's row, so commits
// to one scope from any number of Servers take turns: the expectations are checked against the current rows, then
// the revision's entry versions and changes, its heads and their search index (head-index.ts), the versions' session
// origins (origin-index.ts), the candidates and the cursor are written.
import { expectedKeys, meetsExpectations, type ObservedFacts } from "../expectations.ts";
import { CHANGE_COLUMNS, VERSION_COLUMNS, changeRow, changeValues, versionRow } from "../revision-rows.ts";
import { memoryHead } from "../rows.ts";
import type {
  CandidateStatus,
  NewEntryVersion,
  PlannedChange,
  RevisionCommit,
  RevisionCommitResult,
} from "../types.ts";
import { writeCandidates } from "./candidates.ts";
import { indexEntryOrigins } from "./origin-index.ts";
import { lockScope, type ScopeRow } from "./scope-state.ts";
import { applyToHead, type IndexDelta } from "./head-index.ts";
import type { Sql } from "./sql.ts";

/**
 * A revision changing at least this many entries, and a tenth or more of its scope's index, refreshes the planner's
 * statistics: after a bulk load the search would otherwise be planned without any when autovacuum is off or behind.
 */
const ANALYZE_MIN_CHANGES = 100;

/** Call inside a write transaction. */
export async function commitRevision(sql: Sql, commit: RevisionCommit): Promise<RevisionCommitResult> {
  const scope = await lockScope(sql, commit.scope_id);
  if (!meetsExpectations(commit, await observe(sql, scope, commit))) return { status: "conflict" };
  const revision =
    commit.changes.length > 0 ? await writeRevision(sql, scope, commit.changes, commit.now) : scope.memory_revision;
  const memory = memoryHead(revision);
  await writeCandidates(sql, commit.scope_id, commit.candidates ?? [], memory, commit.now);
  if (commit.cursor) {
    await sql.run("UPDATE scope_state SET memory_cursor = $2 WHERE scope_id = $1", [commit.scope_id, commit.cursor.to]);
  }
  return { status: "committed", memory };
}

async function observe(sql: Sql, scope: ScopeRow, commit: RevisionCommit): Promise<ObservedFacts> {
  const keys = expectedKeys(commit);
  const scopeId = scope.scope_id;
  const heads =
    keys.entry_ids.length === 0
      ? []
      : await sql.rows<{ entry_id: string; last_revision: number }>(
          "SELECT entry_id, last_revision FROM entry_head WHERE scope_id = $1 AND entry_id = ANY ($2::text[])",
          [scopeId, keys.entry_ids],
        );
  const active =
    keys.fingerprints.length === 0
      ? []
      : await sql.rows<{ fingerprint: string; entry_id: string }>(
          `SELECT fingerprint, entry_id FROM entry_head
           WHERE scope_id = $1 AND fingerprint = ANY ($2::text[]) AND state = 'active'`,
          [scopeId, keys.fingerprints],
        );
  const candidates =
    keys.candidate_ids.length === 0
      ? []
      : await sql.rows<{ candidate_id: string; version: number; status: CandidateStatus }>(
          "SELECT candidate_id, version, status FROM memory_candidate WHERE scope_id = $1 AND candidate_id = ANY ($2::text[])",
          [scopeId, keys.candidate_ids],
        );
  const byFingerprint = new Map<string, string[]>();
  for (const row of active)
    byFingerprint.set(row.fingerprint, [...(byFingerprint.get(row.fingerprint) ?? []), row.entry_id]);
  return {
    head: scope.memory_revision,
    cursor: scope.memory_cursor,
    last_revisions: new Map(heads.map((row) => [row.entry_id, row.last_revision])),
    active_by_fingerprint: byFingerprint,
    candidates: new Map(candidates.map((row) => [row.candidate_id, { version: row.version, status: row.status }])),
  };
}

/**
 * Appends the next revision holding `changes` (at most one per entry) and returns its number. Call inside the write
 * transaction that locked `scope`.
 */
export async function writeRevision(
  sql: Sql,
  scope: ScopeRow,
  changes: readonly PlannedChange[],
  now: string,
): Promise<number> {
  const scopeId = scope.scope_id;
  const revision = scope.memory_revision + 1;
  await sql.run("INSERT INTO memory_revision (scope_id, revision, created_at) VALUES ($1, $2, $3)", [
    scopeId,
    revision,
    now,
  ]);
  const delta: IndexDelta = { entries: 0, terms: 0 };
  const written: NewEntryVersion[] = [];
  for (const change of changes) {
    const values = changeValues(change);
    if (values.written) {
      await sql.run(
        `INSERT INTO entry_version (${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        versionRow(scopeId, revision, values.written),
      );
      written.push(values.written.entry);
    }
    await sql.run(
      `INSERT INTO entry_change (${CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      changeRow(scopeId, revision, values),
    );
    await applyToHead(sql, scopeId, revision, change, delta);
  }
  await indexEntryOrigins(sql, scopeId, written);
  await sql.run(
    `UPDATE scope_state SET memory_revision = $2, indexed_entries = indexed_entries + $3, indexed_terms = indexed_terms + $4
     WHERE scope_id = $1`,
    [scopeId, revision, delta.entries, delta.terms],
  );
  if (changes.length >= ANALYZE_MIN_CHANGES && changes.length * 10 >= scope.indexed_entries + delta.entries) {
    await sql.run("ANALYZE entry_head, term_stat");
  }
  return revision;
}
