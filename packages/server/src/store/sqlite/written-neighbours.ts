// The entries written near a revision, for recall's conversation context when a client writes chat turns one by one
// with memory/remember: the active head entries whose version cites no Source, among the changes written nearest
// each anchor revision, read through entry_change's index by revision.
import type { DatabaseSync } from "node:sqlite";
import type { WrittenNeighbour } from "../types.ts";
import { nearestWrittenFirst, type WrittenRow } from "../written-neighbours-order.ts";
import { arrayStmt } from "./statements.ts";

type NeighbourRow = [entry_version_id: string, revision: number];

/**
 * One side of an anchor: at most ?4 changes read from the index in revision order (so a revision that wrote
 * thousands of entries, an import or a flush, costs no more than one that wrote one), then each change's entry head
 * and version by key. The change that wrote a head version names it as `to_version_id`. A version citing no Source is
 * stored as the text `[]` (revision-rows.ts writes JSON.stringify of its refs), compared as text.
 */
const SIDE = (range: string, order: string) => `
  SELECT v.entry_version_id, c.revision FROM (
    SELECT entry_id, revision, to_version_id FROM entry_change
    WHERE scope_id = ?1 AND revision ${range} ORDER BY revision ${order} LIMIT ?4
  ) AS c
  CROSS JOIN entry_head h ON h.scope_id = ?1 AND h.entry_id = c.entry_id
  CROSS JOIN entry_version v ON v.entry_version_id = h.entry_version_id
  WHERE h.entry_version_id = c.to_version_id AND h.state = 'active' AND v.source_refs = '[]'`;
const BEFORE = SIDE("BETWEEN ?2 - ?3 AND ?2", "DESC");
const AFTER = SIDE("BETWEEN ?2 + 1 AND ?2 + ?3", "ASC");
/** How many changes the anchor's own revision wrote, counted up to 2 (one index probe): a batch reads nothing. */
const WRITES_AT = `SELECT count(*) FROM (SELECT 1 FROM entry_change WHERE scope_id = ?1 AND revision = ?2 LIMIT 2)`;

export function readWrittenNeighbours(
  db: DatabaseSync,
  scopeId: string,
  revisions: readonly number[],
  radius: number,
  limit: number,
): WrittenNeighbour[] {
  if (revisions.length === 0 || limit <= 0) return [];
  const rows: WrittenRow[] = [];
  for (const [anchor, revision] of revisions.entries()) {
    const [writes] = arrayStmt(db, WRITES_AT).get(scopeId, revision) as unknown as [number];
    if (writes !== 1) continue;
    for (const side of [BEFORE, AFTER])
      for (const [entry_version_id, at] of arrayStmt(db, side).all(
        scopeId,
        revision,
        radius,
        radius + 1,
      ) as unknown as NeighbourRow[])
        rows.push({ anchor, entry_version_id, revision: at });
  }
  return nearestWrittenFirst(rows, revisions, limit);
}
