// Full-text search over a scope's active entries: a GIN-indexed tsvector finds the entries holding any query term,
// and BM25 ranks them with the formula and constants of SQLite FTS5's bm25(), so both stores order hits alike.
// FTS5 takes N, the average length and each term's document frequency over its whole table (every scope); we take
// them within the scope, which is what ranking one scope's entries should depend on. On a single scope the two agree.
// Entries holding only common terms are pruned by their relevance bound first (search-bounds.ts), with the same result.
import type { MemorySearchQuery, MemorySearchResult } from "../types.ts";
import { memoryRef, toMemoryEntry, VERSION_COLUMNS, type EntryVersionRow } from "./rows.ts";
import { readScope } from "./scope-state.ts";
import { B, byBound, essentialCount, K1, MIN_IDF, restBound, type ScopeIndex, type TermStat } from "./search-bounds.ts";
import { searchableTerms, toBothQuery, toSearchQuery } from "./search-vector.ts";
import type { Sql } from "./sql.ts";

/**
 * For each matching entry: tf = the term's occurrences (its tsvector positions), D = its term count plus one (FTS5
 * counts the scope token each row carries), avgdl likewise; n = the scope's active entries holding the term
 * (term_stat, maintained with the index in every revision).
 * relevance = Σ idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·D/avgdl)), idf(t) = ln((N − n + 0.5)/(n + 0.5)).
 * Each entry is scored on its own (no grouping of all matches): marking the query's lexemes (setweight) and keeping
 * only those (ts_filter) reads its query terms without expanding its whole vector into rows. $2 selects the entries
 * (any of the essential terms); $3, every query term, scores them.
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

type HitRow = EntryVersionRow & { relevance: number };

/** The query terms some active entry holds, with their bounds' inputs, and the scope's shortest entry. */
const TERM_STATS = `
  SELECT s.term, s.entries, coalesce(r.max_tf, 1) AS max_tf,
    (SELECT min(term_count) FROM entry_head WHERE scope_id = $1 AND state = 'active') AS min_length
  FROM term_stat s LEFT JOIN term_repeat r ON r.scope_id = s.scope_id AND r.term = s.term
  WHERE s.scope_id = $1 AND s.term = ANY ($2::text[]) AND s.entries > 0`;

/** Call inside a snapshot, so the head revision and the hits agree. */
export async function searchMemory(sql: Sql, query: MemorySearchQuery): Promise<MemorySearchResult> {
  const scope = await readScope(sql, query.scope_id);
  if (!scope || scope.memory_revision === 0) return { memory: null, hits: [] };
  const memory = memoryRef(scope.memory_revision);
  const hitsOf = (rows: readonly HitRow[]): MemorySearchResult => ({
    memory,
    hits: rows.map((row) => ({
      entry: toMemoryEntry(row, scope.memory_revision, true),
      relevance: row.relevance,
      written_revision: row.written_revision,
      search_text: row.search_text,
    })),
  });
  const terms = searchableTerms(query.terms);
  if (terms.length === 0 || query.limit < 1 || scope.indexed_entries === 0) return { memory, hits: [] };
  const stats = await sql.rows<TermStat & { min_length: number }>(TERM_STATS, [query.scope_id, terms]);
  if (stats.length === 0) return { memory, hits: [] };
  const index: ScopeIndex = {
    entries: scope.indexed_entries,
    average_length: (scope.indexed_terms + scope.indexed_entries) / scope.indexed_entries,
    min_length: stats[0]?.min_length ?? 0,
  };
  const ordered = byBound(index, stats);
  const termsOf = (count: number) => ordered.slice(0, count).map((entry) => entry.term);
  const search = (tsquery: string) =>
    sql.rows<HitRow>(SEARCH, [query.scope_id, tsquery, terms, index.entries, index.average_length, query.limit]);
  const [rarest] = termsOf(1);
  if (rarest === undefined || ordered.length === 1) return hitsOf(await search(toSearchQuery(termsOf(1))));
  // First the entries holding the term of highest bound (the rarest, usually) and another. Their k-th best relevance
  // is a floor for the final one: entries holding that term alone, or not at all, are left out when their bound is
  // below it. Otherwise every term the floor cannot rule out becomes essential, and the search over those is exact.
  let rows = await search(toBothQuery(rarest, termsOf(ordered.length).slice(1)));
  const floor = rows.length === query.limit ? (rows.at(-1)?.relevance ?? 0) : 0;
  const outside = Math.max(restBound(ordered, 1), restBound(ordered.slice(0, 1), 0));
  if (!(rows.length === query.limit && outside < floor)) {
    const essential = rows.length === query.limit ? essentialCount(ordered, floor) : ordered.length;
    rows = await search(toSearchQuery(termsOf(essential)));
  }
  return hitsOf(rows);
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

/** The active head versions among `versionIds` as hits of relevance 0, in the given order. Call inside a snapshot. */
export async function readSearchHits(
  sql: Sql,
  scopeId: string,
  versionIds: readonly string[],
): Promise<MemorySearchResult> {
  const scope = await readScope(sql, scopeId);
  if (!scope || scope.memory_revision === 0) return { memory: null, hits: [] };
  const rows = await sql.rows<EntryVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     WHERE h.scope_id = $1 AND h.state = 'active' AND h.entry_version_id = ANY ($2::text[])`,
    [scopeId, versionIds],
  );
  const byVersion = new Map(rows.map((row) => [row.entry_version_id, row]));
  const hits = versionIds.flatMap((id) => {
    const row = byVersion.get(id);
    if (!row) return [];
    const entry = toMemoryEntry(row, scope.memory_revision, true);
    return [{ entry, relevance: 0, written_revision: row.written_revision, search_text: row.search_text }];
  });
  return { memory: memoryRef(scope.memory_revision), hits };
}
