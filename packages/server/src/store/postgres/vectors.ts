// Entry vectors: derived from entry versions, stored beside them (one per version and model), read by the vector index
// per scope.
import type { EntryVectorWrite, VectorHead, VectorHeads } from "../types.ts";
import { readScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

interface HeadRow {
  key: number;
  entry_id: string;
  entry_version_id: string;
  state: string;
  vector: Buffer | null;
  kind: string | null;
  text: string | null;
}

/**
 * Call inside a snapshot, so the revision and the heads agree. A whole scope (since 0) is read in key order along the
 * primary key (`+ 0` keeps the planner off the revision index); changes since a revision are found by that index.
 */
export async function readVectorHeads(
  sql: Sql,
  scopeId: string,
  model: string,
  since: number,
  page: { after_key: number; limit: number },
): Promise<VectorHeads> {
  const scope = await readScope(sql, scopeId);
  if (!scope || scope.memory_revision === 0) return { revision: 0, heads: [] };
  const rows = await sql.rows<HeadRow>(
    `SELECT h.key, h.entry_id, h.entry_version_id, h.state, ev.vector,
       CASE WHEN ev.vector IS NULL THEN v.kind END AS kind, CASE WHEN ev.vector IS NULL THEN v.text END AS text
     FROM entry_head h
     JOIN entry_version v ON v.entry_version_id = h.entry_version_id
     LEFT JOIN entry_vector ev ON ev.entry_version_id = h.entry_version_id AND ev.model = $1
     WHERE h.scope_id = $2 AND ${since === 0 ? "(h.last_revision + 0)" : "h.last_revision"} > $3 AND h.key > $4
     ORDER BY h.key LIMIT $5`,
    [model, scopeId, since, page.after_key, page.limit],
  );
  return { revision: scope.memory_revision, heads: rows.map(toHead) };
}

function toHead(row: HeadRow): VectorHead {
  const active = row.state === "active";
  const { key, entry_id, entry_version_id } = row;
  if (row.vector !== null) {
    const vector = new Uint8Array(row.vector.buffer, row.vector.byteOffset, row.vector.length);
    return { key, entry_id, entry_version_id, active, vector };
  }
  return { key, entry_id, entry_version_id, active, vector: null, kind: row.kind ?? "", text: row.text ?? "" };
}

export async function putEntryVectors(sql: Sql, model: string, vectors: readonly EntryVectorWrite[]): Promise<void> {
  if (vectors.length === 0) return;
  await sql.run(
    `INSERT INTO entry_vector (entry_version_id, scope_id, model, vector)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bytea[])
     ON CONFLICT (entry_version_id, model) DO UPDATE SET vector = excluded.vector`,
    [
      vectors.map((write) => write.entry_version_id),
      vectors.map((write) => write.scope_id),
      vectors.map(() => model),
      vectors.map((write) => Buffer.from(write.vector.buffer, write.vector.byteOffset, write.vector.length)),
    ],
  );
}

export async function scopesMissingVectors(sql: Sql, model: string): Promise<string[]> {
  const rows = await sql.rows<{ scope_id: string }>(
    `SELECT DISTINCT h.scope_id FROM entry_head h
     LEFT JOIN entry_vector ev ON ev.entry_version_id = h.entry_version_id AND ev.model = $1
     WHERE h.state = 'active' AND ev.vector IS NULL ORDER BY h.scope_id`,
    [model],
  );
  return rows.map((row) => row.scope_id);
}
