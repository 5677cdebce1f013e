// The entries written near a revision, for recall's conversation context when a client writes chat turns one by one
// with memory/remember: the active head entries whose version cites no Source and was written within a radius of
// revisions, read through entry_change's index by revision.
import type { WrittenNeighbour } from "../types.ts";
import type { Sql } from "./sql.ts";

/**
 * Each anchor reads one range of entry_change_by_revision, then the entry's head and version by key. The change that
 * wrote a head version is the one naming it as `to_version_id`. An entry reached more than once is kept where the
 * first anchor reaches it nearest. A version citing no Source is stored as the text `[]` (revision-rows.ts writes
 * JSON.stringify of its refs), which is compared as text so that no JSON is parsed (PostgreSQL's JSON functions refuse
 * some texts a Source id may hold).
 */
const SELECT_NEIGHBOURS = `
  SELECT entry_version_id, revision FROM (
    SELECT v.entry_version_id, c.revision, a.ord, abs(c.revision - a.revision) AS distance,
      row_number() OVER (
        PARTITION BY v.entry_version_id ORDER BY a.ord, abs(c.revision - a.revision), c.revision
      ) AS nth
    FROM unnest($2::bigint[]) WITH ORDINALITY AS a (revision, ord)
    JOIN entry_change c ON c.scope_id = $1
      AND c.revision BETWEEN a.revision - $3::bigint AND a.revision + $3::bigint
    JOIN entry_head h ON h.scope_id = c.scope_id AND h.entry_id = c.entry_id AND h.entry_version_id = c.to_version_id
    JOIN entry_version v ON v.entry_version_id = h.entry_version_id
    WHERE h.state = 'active' AND v.source_refs::text = '[]'
  ) AS reached
  WHERE nth = 1
  ORDER BY ord, distance, revision, entry_version_id
  LIMIT $4`;

export async function readWrittenNeighbours(
  sql: Sql,
  scopeId: string,
  revisions: readonly number[],
  radius: number,
  limit: number,
): Promise<WrittenNeighbour[]> {
  if (revisions.length === 0 || limit <= 0) return [];
  const rows = await sql.rows<{ entry_version_id: string; revision: string | number }>(SELECT_NEIGHBOURS, [
    scopeId,
    [...revisions],
    radius,
    limit,
  ]);
  return rows.map(({ entry_version_id, revision }) => ({ entry_version_id, revision: Number(revision) }));
}
