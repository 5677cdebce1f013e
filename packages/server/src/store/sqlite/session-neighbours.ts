// The entries captured near a place in a chat session, for recall's conversation context: the active head entries
// citing a Source of an anchor's session within a radius of journal positions, read from entry_origin's key
// (origin-index.ts keeps it).
import type { DatabaseSync } from "node:sqlite";
import type { SessionAnchor, SessionNeighbour } from "../types.ts";
import { arrayStmt } from "./statements.ts";

/** The anchor's index rather than the stored session: node:sqlite reads text only up to a U+0000 it holds. */
type NeighbourRow = [entry_version_id: string, anchor: number, position: number];

/**
 * Driven from the anchors (CROSS JOIN fixes the order): each reads one range of entry_origin's key, (scope, session,
 * positions), then the version and its entry's head by key, so no other row of the scope is read. An entry reached
 * more than once is kept where the first anchor reaches it nearest.
 */
const SELECT_NEIGHBOURS = `
  SELECT entry_version_id, anchor, position FROM (
    SELECT o.entry_version_id, o.position, a.key AS anchor, abs(o.position - a.position) AS distance,
      row_number() OVER (
        PARTITION BY o.entry_version_id ORDER BY a.key, abs(o.position - a.position), o.position
      ) AS nth
    FROM (
      SELECT key, json_extract(value, '$.session_id') AS session_id, json_extract(value, '$.position') AS position
      FROM json_each(?1)
    ) AS a
    CROSS JOIN entry_origin o ON o.scope_id = ?2 AND o.session_id = a.session_id
      AND o.position BETWEEN a.position - ?3 AND a.position + ?3
    CROSS JOIN entry_version v ON v.entry_version_id = o.entry_version_id
    CROSS JOIN entry_head h ON h.scope_id = v.scope_id AND h.entry_id = v.entry_id
    WHERE h.entry_version_id = o.entry_version_id AND h.state = 'active'
  )
  WHERE nth = 1
  ORDER BY anchor, distance, position, entry_version_id
  LIMIT ?4`;

export function readSessionNeighbours(
  db: DatabaseSync,
  scopeId: string,
  anchors: readonly SessionAnchor[],
  radius: number,
  limit: number,
): SessionNeighbour[] {
  if (anchors.length === 0 || limit <= 0) return [];
  const wanted = JSON.stringify(anchors.map(({ session_id, position }) => ({ session_id, position })));
  const rows = arrayStmt(db, SELECT_NEIGHBOURS).all(wanted, scopeId, radius, limit) as unknown as NeighbourRow[];
  return rows.map(([entry_version_id, anchor, position]) => ({
    entry_version_id,
    session_id: anchors[anchor]?.session_id ?? "",
    position,
  }));
}
