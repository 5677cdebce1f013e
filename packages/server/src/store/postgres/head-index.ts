// The head manifest and the search index on PostgreSQL: each change moves its entry's head, its tsvector, the
// per-scope term statistics and the revision's change to the scope's BM25 counters.
import type { PlannedChange } from "../types.ts";
import { toSearchVector } from "./search-vector.ts";
import type { Sql } from "./sql.ts";

interface HeadRow {
  key: number;
  term_count: number;
}

/** How one revision changes the scope's index counters. */
export interface IndexDelta {
  entries: number;
  terms: number;
}

/** Moves the entry's head and its index rows to what the change leaves, and adds the change to `delta`. */
export async function applyToHead(
  sql: Sql,
  scopeId: string,
  revision: number,
  change: PlannedChange,
  delta: IndexDelta,
): Promise<void> {
  switch (change.op) {
    case "add": {
      const { entry } = change;
      const index = toSearchVector(entry.search_text);
      await sql.run(
        `INSERT INTO entry_head (scope_id, entry_id, entry_version_id, state, last_revision, fingerprint, search_vector, term_count)
         VALUES ($1, $2, $3, 'active', $4, $5, $6::tsvector, $7)`,
        [scopeId, entry.entry_id, entry.entry_version_id, revision, entry.fingerprint, index.vector, index.term_count],
      );
      await countTerms(sql, scopeId, index.vector);
      delta.entries += 1;
      delta.terms += index.term_count;
      return;
    }
    case "revise": {
      const { entry } = change;
      const head = await requireHead(sql, scopeId, entry.entry_id);
      const index = toSearchVector(entry.search_text);
      await uncountTerms(sql, head.key);
      await sql.run(
        `UPDATE entry_head SET entry_version_id = $2, last_revision = $3, fingerprint = $4, search_vector = $5::tsvector,
           term_count = $6 WHERE key = $1`,
        [head.key, entry.entry_version_id, revision, entry.fingerprint, index.vector, index.term_count],
      );
      await countTerms(sql, scopeId, index.vector);
      delta.terms += index.term_count - head.term_count;
      return;
    }
    case "deactivate": {
      const head = await requireHead(sql, scopeId, change.entry_id);
      await uncountTerms(sql, head.key);
      await sql.run(
        "UPDATE entry_head SET state = 'inactive', last_revision = $2, search_vector = NULL, term_count = 0 WHERE key = $1",
        [head.key, revision],
      );
      delta.entries -= 1;
      delta.terms -= head.term_count;
      return;
    }
    default: {
      const unreachable: never = change;
      throw new Error(`unknown change ${JSON.stringify(unreachable)}`);
    }
  }
}

async function requireHead(sql: Sql, scopeId: string, entryId: string): Promise<HeadRow> {
  const head = await sql.row<HeadRow>("SELECT key, term_count FROM entry_head WHERE scope_id = $1 AND entry_id = $2", [
    scopeId,
    entryId,
  ]);
  if (!head) throw new Error(`entry ${entryId} has no head`);
  return head;
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
export async function uncountTerms(sql: Sql, key: number): Promise<void> {
  await sql.run(
    `UPDATE term_stat t SET entries = t.entries - 1 FROM entry_head h
     WHERE h.key = $1 AND t.scope_id = h.scope_id AND t.term = ANY (tsvector_to_array(h.search_vector))`,
    [key],
  );
}
