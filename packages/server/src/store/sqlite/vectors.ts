// Entry vectors: derived from entry versions, stored beside them (one per version and model), read by the vector index
// per scope.
import type { DatabaseSync } from "node:sqlite";
import type { EntryVectorWrite, VectorHead, VectorHeads } from "../types.ts";
import { readSnapshot } from "./database.ts";
import { readScope } from "./scope-state.ts";
import { arrayStmt, stmt } from "./statements.ts";

type HeadRow = [
  key: number,
  entry_id: string,
  entry_version_id: string,
  state: string,
  vector: Uint8Array | null,
  kind: string,
  text: string,
];

/**
 * A whole scope (since 0) is read in key order along the primary key (the unary `+` keeps SQLite off the scope and
 * revision indexes, which would sort every head again for each page); changes since a revision use the revision index.
 */
export function readVectorHeads(
  db: DatabaseSync,
  scopeId: string,
  model: string,
  since: number,
  page: { after_key: number; limit: number },
): VectorHeads {
  return readSnapshot(db, () => {
    const scope = readScope(db, scopeId);
    if (!scope || scope.memory_revision === 0) return { revision: 0, heads: [] };
    const rows = arrayStmt(
      db,
      `SELECT h.key, h.entry_id, h.entry_version_id, h.state, ev.vector,
         CASE WHEN ev.vector IS NULL THEN v.kind END, CASE WHEN ev.vector IS NULL THEN v.text END
       FROM entry_head h
       JOIN entry_version v ON v.entry_version_id = h.entry_version_id
       LEFT JOIN entry_vector ev ON ev.entry_version_id = h.entry_version_id AND ev.model = ?
       WHERE ${since === 0 ? "+h.scope_id = ? AND +h.last_revision" : "h.scope_id = ? AND h.last_revision"} > ? AND h.key > ?
       ORDER BY h.key LIMIT ?`,
    ).all(model, scopeId, since, page.after_key, page.limit) as unknown as HeadRow[];
    return { revision: scope.memory_revision, heads: rows.map(toHead) };
  });
}

function toHead([key, entry_id, entry_version_id, state, vector, kind, text]: HeadRow): VectorHead {
  const active = state === "active";
  if (vector !== null) {
    return {
      key,
      entry_id,
      entry_version_id,
      active,
      vector,
    };
  }
  return { key, entry_id, entry_version_id, active, vector: null, kind, text };
}

export function putEntryVectors(db: DatabaseSync, model: string, vectors: readonly EntryVectorWrite[]): void {
  const upsert = stmt(
    db,
    `INSERT INTO entry_vector (entry_version_id, scope_id, model, vector) VALUES (?, ?, ?, ?)
     ON CONFLICT (entry_version_id, model) DO UPDATE SET vector = excluded.vector`,
  );
  for (const write of vectors) {
    upsert.run(write.entry_version_id, write.scope_id, model, write.vector);
  }
}

export function scopesMissingVectors(db: DatabaseSync, model: string): string[] {
  const rows = stmt(
    db,
    `SELECT DISTINCT h.scope_id AS scope_id FROM entry_head h
     LEFT JOIN entry_vector ev ON ev.entry_version_id = h.entry_version_id AND ev.model = ?
     WHERE h.state = 'active' AND ev.vector IS NULL ORDER BY h.scope_id`,
  ).all(model) as Array<{ scope_id: string }>;
  return rows.map((row) => row.scope_id);
}
