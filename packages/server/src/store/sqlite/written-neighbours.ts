// The entries written near a revision, for recall's conversation context when a client writes chat turns one by one
// with memory/remember: the active head entries whose version cites no Source and was written within a radius of
// revisions, read through entry_change's index by revision.
import type { DatabaseSync } from "node:sqlite";
import type { WrittenNeighbour } from "../types.ts";
import { arrayStmt } from "./statements.ts";

type NeighbourRow = [entry_version_id: string, revision: number];

/**
 * Driven from the anchors (CROSS JOIN fixes the order): each reads one range of entry_change_by_revision, then the
 * entry's head and version by key. The change that wrote a head version is the one naming it as `to_version_id`. An
 * entry reached more than once is kept where the first anchor reaches it nearest. A version citing no Source is stored
 * as the text `[]` (revision-rows.ts writes JSON.stringify of its refs), which is compared as text so that no JSON
 * is parsed.
 */
const SELECT_NEIGHBOURS = `
  SELECT entry_version_id, revision FROM (
    SELECT v.entry_version_id, c.revision, a.key AS anchor, abs(c.revision - a.revision) AS distance,
      row_number() OVER (
        PARTITION BY v.entry_version_id ORDER BY a.key, abs(c.revision - a.revision), c.revision
      ) AS nth
    FROM (SELECT key, value AS revision FROM json_each(?1)) AS a
    CROSS JOIN entry_change c ON c.scope_id = ?2 AND c.revision BETWEEN a.revision - ?3 AND a.revision + ?3
    CROSS JOIN entry_head h ON h.scope_id = c.scope_id AND h.entry_id = c.entry_id
    CROSS JOIN entry_version v ON v.entry_version_id = h.entry_version_id
    WHERE c.to_version_id = h.entry_version_id AND h.state = 'active' AND v.source_refs = '[]'
  )
  WHERE nth = 1
  ORDER BY anchor, distance, revision, entry_version_id
  LIMIT ?4`;

export function readWrittenNeighbours(
  db: DatabaseSync,
  scopeId: string,
  revisions: readonly number[],
  radius: number,
  limit: number,
): WrittenNeighbour[] {
  if (revisions.length === 0 || limit <= 0) return [];
  const rows = arrayStmt(db, SELECT_NEIGHBOURS).all(
    JSON.stringify(revisions),
    scopeId,
    radius,
    limit,
  ) as unknown as NeighbourRow[];
  return rows.map(([entry_version_id, revision]) => ({ entry_version_id, revision }));
}
