// Full-text search over a scope's active entries: a GIN-indexed tsvector finds the entries holding any query term,
// and BM25 ranks them with the formula and constants of SQLite FTS5's bm25(), so both stores order hits alike.
// FTS5 takes N, the average length and each term's document frequency over its whole table (every scope); we take
// them within the scope, which is what ranking one scope's entries should depend on. On a single scope the two agree.
import type { MemorySearchQuery, MemorySearchResult } from "../types.ts";
import { memoryRef, toMemoryEntry, VERSION_COLUMNS, type EntryVersionRow } from "./rows.ts";
import { readScope } from "./scope-state.ts";
import { searchableTerms, toSearchQuery } from "./search-vector.ts";
import type { Sql } from "./sql.ts";

/** FTS5's BM25 parameters. */
const K1 = 1.2;
const B = 0.75;
/** FTS5 replaces a non-positive IDF (a term in more than half the documents) with this. */
const MIN_IDF = 1e-6;

/**
 * For each matching entry: tf = the term's occurrences (its tsvector positions), D = its term count plus one (FTS5
 * counts the scope token each row carries), avgdl likewise; n = the scope's active entries holding the term
 * (term_stat, maintained with the index in every revision).
 * relevance = Σ idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·D/avgdl)), idf(t) = ln((N − n + 0.5)/(n + 0.5)).
 * Each entry is scored on its own (no grouping of all matches): marking the query's lexemes (setweight) and keeping
 * only those (ts_filter) reads its query terms without expanding its whole vector into rows.
 */
const SEARCH = `
  WITH term_idf AS MATERIALIZED (
    SELECT term, CASE WHEN raw > 0 THEN raw ELSE ${MIN_IDF} END AS idf
    FROM (
      SELECT term, ln(($4::float8 - entries + 0.5) / (entries + 0.5)) AS raw
      FROM term_stat WHERE scope_id = $1 AND term = ANY ($3::text[])
    ) AS df
  ),
  scored AS (
    SELECT h.key, h.entry_version_id, (
        SELECT sum(i.idf * ((cardinality(t.positions) * ${K1 + 1}::float8)
          / (cardinality(t.positions) + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * (h.term_count + 1) / $5::float8))))
        FROM unnest(ts_filter(setweight(h.search_vector, 'A', $3::text[]), '{a}')) AS t
        JOIN term_idf i ON i.term = t.lexeme
      ) AS relevance
    FROM entry_head h
    WHERE h.scope_id = $1 AND h.state = 'active' AND h.search_vector @@ $2::tsquery
    ORDER BY relevance DESC, h.key
    LIMIT $6
  )
  SELECT ${VERSION_COLUMNS}, s.relevance
  FROM scored s JOIN entry_version v ON v.entry_version_id = s.entry_version_id
  ORDER BY s.relevance DESC, s.key`;

/** Call inside a snapshot, so the head revision and the hits agree. */
export async function searchMemory(sql: Sql, query: MemorySearchQuery): Promise<MemorySearchResult> {
  const scope = await readScope(sql, query.scope_id);
  if (!scope || scope.memory_revision === 0) return { memory: null, hits: [] };
  const memory = memoryRef(scope.memory_revision);
  const terms = searchableTerms(query.terms);
  if (terms.length === 0 || query.limit < 1 || scope.indexed_entries === 0) return { memory, hits: [] };
  const averageLength = (scope.indexed_terms + scope.indexed_entries) / scope.indexed_entries;
  const rows = await sql.rows<EntryVersionRow & { relevance: number }>(SEARCH, [
    query.scope_id,
    toSearchQuery(terms),
    terms,
    scope.indexed_entries,
    averageLength,
    query.limit,
  ]);
  return {
    memory,
    hits: rows.map((row) => ({
      entry: toMemoryEntry(row, scope.memory_revision, true),
      relevance: row.relevance,
      written_revision: row.written_revision,
      search_text: row.search_text,
    })),
  };
}

/** How many of the scope's active entries hold each term (kept up to date by every revision; see memory-revision.ts). */
export async function termFrequencies(
  sql: Sql,
  scopeId: string,
  terms: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(terms)];
  const rows = await sql.rows<{ term: string; entries: number }>(
    "SELECT term, entries FROM term_stat WHERE scope_id = $1 AND term = ANY ($2::text[])",
    [scopeId, unique],
  );
  const counted = new Map(rows.map((row) => [row.term, row.entries]));
  return new Map(unique.map((term) => [term, counted.get(term) ?? 0]));
}
