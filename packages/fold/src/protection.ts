// Protected spans: never folded, automatically or by a mark at commit.
import type { FoldState } from "./types.ts";

/** The id of a protection overlapping item indices [start, end], or null. */
export function isProtected(state: FoldState, index: Map<string, number>, start: number, end: number): string | null {
  for (const protection of state.protections) {
    const from = index.get(protection.from);
    const to = index.get(protection.to);
    if (from === undefined || to === undefined) continue;
    if (from <= end && start <= to) return protection.id;
  }
  return null;
}
