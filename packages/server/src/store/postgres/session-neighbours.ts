// The entries captured near a place in a chat session, for recall's conversation context: the active head entries
// citing a Source of an anchor's session within a radius of journal positions, read from entry_origin's key
// (origin-index.ts keeps it).
import type { SessionAnchor, SessionNeighbour } from "../types.ts";
import type { Sql } from "./sql.ts";

/**
 * Each anchor reads one range of entry_origin's key, (scope, session, positions), then the version and its entry's
 * head by key, so no other row of the scope is read. An entry reached more than once is kept where the first anchor
 * reaches it nearest.
 */
const SELECT_NEIGHBOURS = `
  SELECT entry_version_id, session_id, position FROM (
    SELECT o.entry_version_id, o.session_id, o.position, a.ord, abs(o.position - a.position) AS distance,
      row_number() OVER (
        PARTITION BY o.entry_version_id ORDER BY a.ord, abs(o.position - a.position), o.position
      ) AS nth
    FROM unnest($2::text[], $3::bigint[]) WITH ORDINALITY AS a (session_id, position, ord)
    JOIN entry_origin o ON o.scope_id = $1 AND o.session_id = a.session_id
      AND o.position BETWEEN a.position - $4::bigint AND a.position + $4::bigint
    JOIN entry_version v ON v.entry_version_id = o.entry_version_id
    JOIN entry_head h ON h.scope_id = v.scope_id AND h.entry_id = v.entry_id AND h.entry_version_id = v.entry_version_id
    WHERE h.state = 'active'
  ) AS reached
  WHERE nth = 1
  ORDER BY ord, distance, position, entry_version_id
  LIMIT $5`;

export async function readSessionNeighbours(
  sql: Sql,
  scopeId: string,
  anchors: readonly SessionAnchor[],
  radius: number,
  limit: number,
): Promise<SessionNeighbour[]> {
  if (anchors.length === 0 || limit <= 0) return [];
  return sql.rows<SessionNeighbour>(SELECT_NEIGHBOURS, [
    scopeId,
    anchors.map((anchor) => anchor.session_id),
    anchors.map((anchor) => anchor.position),
    radius,
    limit,
  ]);
}
