// The order both stores give the entries written near some revisions (readWrittenNeighbours): for each anchor in the
// given order its entries nearest first (then the earlier revision, then by version id), each entry once, where the
// first anchor reaching it puts it, at most `limit` in all.
import type { WrittenNeighbour } from "./types.ts";

/** A row read around one anchor: the anchor's index in the asked order, the entry's head version and its revision. */
export interface WrittenRow {
  anchor: number;
  entry_version_id: string;
  revision: number;
}

export function nearestWrittenFirst(
  rows: readonly WrittenRow[],
  revisions: readonly number[],
  limit: number,
): WrittenNeighbour[] {
  const distance = (row: WrittenRow) => Math.abs(row.revision - (revisions[row.anchor] ?? row.revision));
  const sorted = [...rows].sort(
    (a, b) =>
      a.anchor - b.anchor ||
      distance(a) - distance(b) ||
      a.revision - b.revision ||
      (a.entry_version_id < b.entry_version_id ? -1 : a.entry_version_id > b.entry_version_id ? 1 : 0),
  );
  const seen = new Set<string>();
  const out: WrittenNeighbour[] = [];
  for (const { entry_version_id, revision } of sorted) {
    if (out.length >= limit) break;
    if (seen.has(entry_version_id)) continue;
    seen.add(entry_version_id);
    out.push({ entry_version_id, revision });
  }
  return out;
}
