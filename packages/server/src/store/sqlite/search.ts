// Full-text search over a scope's active entries: FTS5 ranks the matches (bm25), then the top rows are read by key.
import type { DatabaseSync } from "node:sqlite";
import type { ArtifactReference, SourceReference } from "@powercontext/protocol";
import type { MemorySearchHit, MemorySearchQuery, MemorySearchResult } from "../types.ts";
import { readSnapshot } from "./database.ts";
import { memoryRef } from "./rows.ts";
import { readScope, scopeToken } from "./scope-state.ts";
import { arrayStmt } from "./statements.ts";

/** [FTS rowid (= entry_head.key), FTS5 rank (lower is better)] */
type RankedRow = [key: number, rank: number];

/** A hit's columns, in HitRow's order. */
const HIT_COLUMNS = `h.key, v.entry_id, v.entry_version_id, v.version, v.kind, v.text, v.search_text,
    v.source_refs, v.artifact_refs, v.written_revision`;

/** A hit's columns, for the head rows a WHERE clause picks. */
const SELECT_HITS = `SELECT ${HIT_COLUMNS} FROM entry_head h JOIN entry_version v ON v.entry_version_id = h.entry_version_id`;

/**
 * A hit's columns for the versions in a JSON array, driven from the asked ids (CROSS JOIN fixes the order): left to
 * the planner it scanned every head of the scope, about 6 ms at 10,000 entries.
 */
const SELECT_VERSION_HITS = `SELECT ${HIT_COLUMNS}
  FROM json_each(?) AS wanted
  CROSS JOIN entry_version v ON v.entry_version_id = wanted.value
  CROSS JOIN entry_head h ON h.scope_id = v.scope_id AND h.entry_id = v.entry_id
  WHERE v.scope_id = ? AND h.entry_version_id = v.entry_version_id AND h.state = 'active'`;

/** The columns a hit needs after its key, in SELECT order. */
type HitRow = [
  key: number,
  entry_id: string,
  entry_version_id: string,
  version: number,
  kind: string,
  text: string,
  search_text: string,
  source_refs: string,
  artifact_refs: string,
  written_revision: number,
];

export function searchMemory(db: DatabaseSync, query: MemorySearchQuery): MemorySearchResult {
  return readSnapshot(db, () => {
    const scope = readScope(db, query.scope_id);
    if (!scope || scope.memory_revision === 0) return { memory: null, hits: [] };
    const memory: ArtifactReference = memoryRef(scope.memory_revision);
    const terms = query.terms.filter((term) => /^[\p{L}\p{N}]+$/u.test(term));
    if (terms.length === 0 || query.limit < 1) return { memory, hits: [] };
    const match = `scope_key:${scopeToken(scope.scope_key)} AND body:(${terms.map((term) => `"${term}"`).join(" OR ")})`;
    const ranked = arrayStmt(
      db,
      "SELECT rowid, bm25(entry_fts, 0.0, 1.0) AS rank FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rank LIMIT ?",
    ).all(match, query.limit) as unknown as RankedRow[];
    return { memory, hits: readHits(db, ranked, scope.memory_revision) };
  });
}

/** The hits for these ranked rows, in their order. */
function readHits(db: DatabaseSync, ranked: readonly RankedRow[], revision: number): MemorySearchHit[] {
  const rows = arrayStmt(db, `${SELECT_HITS} WHERE h.key IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ranked.map(([key]) => key)),
  ) as unknown as HitRow[];
  const byKey = new Map(rows.map((row) => [row[0], row]));
  const hits: MemorySearchHit[] = [];
  for (const [key, rank] of ranked) {
    const row = byKey.get(key);
    if (row) hits.push(toSearchHit(row, -rank, revision));
  }
  return hits;
}

function toSearchHit(row: HitRow, relevance: number, revision: number): MemorySearchHit {
  const [, entry_id, entry_version_id, version, kind, text, search_text, source_refs, artifact_refs, written_revision] =
    row;
  return {
    entry: {
      citation: { memory_ref: memoryRef(revision), entry_id, entry_version_id },
      version,
      kind,
      text,
      state: "active",
      source_refs: JSON.parse(source_refs) as SourceReference[],
      artifact_refs: JSON.parse(artifact_refs) as ArtifactReference[],
    },
    relevance,
    written_revision,
    search_text,
  };
}

/** The active head versions among `versionIds` as hits of relevance 0, in the given order. */
export function readSearchHits(db: DatabaseSync, scopeId: string, versionIds: readonly string[]): MemorySearchResult {
  return readSnapshot(db, () => {
    const scope = readScope(db, scopeId);
    if (!scope || scope.memory_revision === 0) return { memory: null, hits: [] };
    const rows = arrayStmt(db, SELECT_VERSION_HITS).all(JSON.stringify(versionIds), scopeId) as unknown as HitRow[];
    const byVersion = new Map(rows.map((row) => [row[2], row]));
    const hits: MemorySearchHit[] = [];
    for (const id of versionIds) {
      const row = byVersion.get(id);
      if (row) hits.push(toSearchHit(row, 0, scope.memory_revision));
    }
    return { memory: memoryRef(scope.memory_revision), hits };
  });
}
