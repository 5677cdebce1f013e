// Writing one Memory revision: new entry versions, the revision's changes, the head manifest and its search index
// (each active head's tsvector, the per-scope term statistics and the scope's BM25 counters).
import type { EntryChangeOp } from "@powercontext/protocol";
import type { NewEntryVersion } from "../types.ts";
import type { ScopeRow } from "./scope-state.ts";
import { toSearchVector } from "./search-vector.ts";
import type { Sql } from "./sql.ts";

export interface PlannedChange {
  op: EntryChangeOp;
  entry_id: string;
  from_entry_version_id: string | null;
  to_entry_version_id: string | null;
  reason: string | null;
  /** The version written by an add or revise. */
  write?: { entry: NewEntryVersion; version: number };
}

export interface HeadRow {
  key: number;
  entry_id: string;
  entry_version_id: string;
  state: string;
  last_revision: number;
  fingerprint: string;
  term_count: number;
}

/**
 * A revision changing at least this many entries, and a tenth or more of its scope's index, refreshes the planner's
 * statistics: after a bulk load the search would otherwise be planned without any when autovacuum is off or behind.
 */
const ANALYZE_MIN_CHANGES = 100;

/** How one revision changes the scope's index counters. */
interface IndexDelta {
  entries: number;
  terms: number;
}

export function readHeadRow(sql: Sql, scopeId: string, entryId: string): Promise<HeadRow | undefined> {
  return sql.row<HeadRow>(
    `SELECT key, entry_id, entry_version_id, state, last_revision, fingerprint, term_count
     FROM entry_head WHERE scope_id = $1 AND entry_id = $2`,
    [scopeId, entryId],
  );
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
  for (const change of changes) {
    const write = change.write;
    if (write) {
      const { entry } = write;
      await sql.run(
        `INSERT INTO entry_version (entry_version_id, scope_id, entry_id, version, kind, text, search_text, fingerprint,
           source_refs, artifact_refs, written_revision) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
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
        ],
      );
    }
    await sql.run(
      `INSERT INTO entry_change (scope_id, entry_id, revision, op, from_version_id, to_version_id, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        scopeId,
        change.entry_id,
        revision,
        change.op,
        change.from_entry_version_id,
        change.to_entry_version_id,
        change.reason,
      ],
    );
    await applyToHead(sql, scopeId, revision, change, delta);
  }
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

async function applyToHead(
  sql: Sql,
  scopeId: string,
  revision: number,
  change: PlannedChange,
  delta: IndexDelta,
): Promise<void> {
  const head = await readHeadRow(sql, scopeId, change.entry_id);
  const write = change.write;
  switch (change.op) {
    case "add": {
      if (!write) throw new Error("add without a version");
      const index = toSearchVector(write.entry.search_text);
      await sql.run(
        `INSERT INTO entry_head (scope_id, entry_id, entry_version_id, state, last_revision, fingerprint, search_vector, term_count)
         VALUES ($1, $2, $3, 'active', $4, $5, $6::tsvector, $7)`,
        [
          scopeId,
          change.entry_id,
          write.entry.entry_version_id,
          revision,
          write.entry.fingerprint,
          index.vector,
          index.term_count,
        ],
      );
      await countTerms(sql, scopeId, index.vector);
      delta.entries += 1;
      delta.terms += index.term_count;
      return;
    }
    case "revise": {
      if (!write || !head) throw new Error("revise without a version or head");
      const index = toSearchVector(write.entry.search_text);
      await uncountTerms(sql, head.key);
      await sql.run(
        `UPDATE entry_head SET entry_version_id = $2, last_revision = $3, fingerprint = $4, search_vector = $5::tsvector,
           term_count = $6 WHERE key = $1`,
        [head.key, write.entry.entry_version_id, revision, write.entry.fingerprint, index.vector, index.term_count],
      );
      await countTerms(sql, scopeId, index.vector);
      delta.terms += index.term_count - head.term_count;
      return;
    }
    case "deactivate": {
      if (!head) throw new Error("deactivate without a head");
      await uncountTerms(sql, head.key);
      await sql.run(
        "UPDATE entry_head SET state = 'inactive', last_revision = $2, search_vector = NULL, term_count = 0 WHERE key = $1",
        [head.key, revision],
      );
      delta.entries -= 1;
      delta.terms -= head.term_count;
      return;
    }
    case "reactivate": {
      if (!head) throw new Error("reactivate without a head");
      const row = await sql.row<{ search_text: string }>(
        "SELECT search_text FROM entry_version WHERE entry_version_id = $1",
        [head.entry_version_id],
      );
      const index = toSearchVector(row?.search_text ?? "");
      await sql.run(
        "UPDATE entry_head SET state = 'active', last_revision = $2, search_vector = $3::tsvector, term_count = $4 WHERE key = $1",
        [head.key, revision, index.vector, index.term_count],
      );
      await countTerms(sql, scopeId, index.vector);
      delta.entries += 1;
      delta.terms += index.term_count;
      return;
    }
    default: {
      const unreachable: never = change.op;
      throw new Error(`unknown change op ${String(unreachable)}`);
    }
  }
}

/** One more active entry holds each of the vector's terms. */
async function countTerms(sql: Sql, scopeId: string, vector: string): Promise<void> {
  await sql.run(
    `INSERT INTO term_stat (scope_id, term, entries)
     SELECT $1, term, 1 FROM unnest(tsvector_to_array($2::tsvector)) AS term
     ON CONFLICT (scope_id, term) DO UPDATE SET entries = term_stat.entries + 1`,
    [scopeId, vector],
  );
}

/** The head's current terms lose one active entry. Call before the head's vector changes. */
async function uncountTerms(sql: Sql, key: number): Promise<void> {
  await sql.run(
    `UPDATE term_stat t SET entries = t.entries - 1 FROM entry_head h
     WHERE h.key = $1 AND t.scope_id = h.scope_id AND t.term = ANY (tsvector_to_array(h.search_vector))`,
    [key],
  );
}
