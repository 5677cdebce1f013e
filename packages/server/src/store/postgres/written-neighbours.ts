// The entries written near a revision, for recall's conversation context when a client writes chat turns one by one
// with memory/remember: the active head entries whose version cites no Source, among the changes written nearest
// each anchor revision, read through entry_change's index by revision.
import type { WrittenNeighbour } from "../types.ts";
import { nearestWrittenFirst } from "../written-neighbours-order.ts";
import type { Sql } from "./sql.ts";

/**
 * For each anchor, each side reads at most $4 changes from the index in revision order (so a revision that wrote
 * thousands of entries, an import or a flush, costs no more than one that wrote one), then each change's entry head
 * and version by key; an anchor whose own revision wrote more than one change (a batch) reads nothing. The change
 * that wrote a head version names it as `to_version_id`. A version citing no Source is stored as the text `[]`
 * (revision-rows.ts writes JSON.stringify of its refs), compared as text so that no JSON is parsed (PostgreSQL's JSON
 * functions refuse some texts a Source id may hold).
 */
const SELECT_NEIGHBOURS = `
  SELECT a.ord - 1 AS anchor, v.entry_version_id, c.revision
  FROM (
    SELECT u.revision, u.ord FROM unnest($2::bigint[]) WITH ORDINALITY AS u (revision, ord)
    WHERE (SELECT count(*) FROM (
      SELECT 1 FROM entry_change w WHERE w.scope_id = $1 AND w.revision = u.revision LIMIT 2
    ) AS writes) = 1
  ) AS a
  CROSS JOIN LATERAL (
    (SELECT entry_id, revision, to_version_id FROM entry_change
      WHERE scope_id = $1 AND revision BETWEEN a.revision - $3::bigint AND a.revision
      ORDER BY revision DESC LIMIT $4)
    UNION ALL
    (SELECT entry_id, revision, to_version_id FROM entry_change
      WHERE scope_id = $1 AND revision BETWEEN a.revision + 1 AND a.revision + $3::bigint
      ORDER BY revision ASC LIMIT $4)
  ) AS c
  JOIN entry_head h ON h.scope_id = $1 AND h.entry_id = c.entry_id AND h.entry_version_id = c.to_version_id
  JOIN entry_version v ON v.entry_version_id = h.entry_version_id
  WHERE h.state = 'active' AND v.source_refs::text = '[]'
`;

export async function readWrittenNeighbours(
  sql: Sql,
  scopeId: string,
  revisions: readonly number[],
  radius: number,
  limit: number,
): Promise<WrittenNeighbour[]> {
  if (revisions.length === 0 || limit <= 0) return [];
  const rows = await sql.rows<{ anchor: string | number; entry_version_id: string; revision: string | number }>(
    SELECT_NEIGHBOURS,
    [scopeId, [...revisions], radius, radius + 1],
  );
  return nearestWrittenFirst(
    rows.map((row) => ({
      anchor: Number(row.anchor),
      entry_version_id: row.entry_version_id,
      revision: Number(row.revision),
    })),
    revisions,
    limit,
  );
}
