// Fork support: the parent session's id from its JSONL header, the last accepted transition on a branch, and
// whether the parent's session stream still holds the state at a fork point.
import { closeSync, openSync, readSync } from "node:fs";
import { assertRegularOrAbsent } from "./atomic-file.ts";
import type { ScopeHead } from "./types.ts";

export const TRANSITION_ENTRY = "powercontext-state-transition";

/** Reads only the first line of a session file; null unless it is a regular file with a session header. */
export function readSessionHeaderId(path: string): string | null {
  try {
    if (!assertRegularOrAbsent(path)) return null;
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(8192);
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      const line = buffer.subarray(0, read).toString("utf8").split("\n")[0] ?? "";
      const header = JSON.parse(line) as { type?: unknown; id?: unknown };
      return header.type === "session" && typeof header.id === "string" ? header.id : null;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** The seq of the newest transition entry on the branch; 0 when the branch accepted none. */
export function lastTransitionSeq(branch: readonly unknown[]): number {
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index] as { type?: unknown; customType?: unknown; data?: { seq?: unknown } } | null;
    if (entry?.type === "custom" && entry.customType === TRANSITION_ENTRY && typeof entry.data?.seq === "number")
      return entry.data.seq;
  }
  return 0;
}

/**
 * The fork boundary of a fork at `entryId`: the last transition recorded on the branch up to that entry (inclusive
 * for position "at", exclusive for "before").
 */
export function forkPointSeq(branchToEntry: readonly unknown[], position: "before" | "at"): number {
  return lastTransitionSeq(position === "at" ? branchToEntry : branchToEntry.slice(0, -1));
}

/**
 * Whether the session state as of `atSeq` can be rebuilt from a stream's head: its checkpoint must not be newer
 * (patches folded into a checkpoint are gone; Git backup is never read back).
 */
export function reconstructibleAt(head: ScopeHead | null, atSeq: number): boolean {
  return head === null || head.checkpoint === null || head.checkpoint.seq <= atSeq;
}
