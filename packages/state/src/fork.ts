// Fork support: the parent session's id from its JSONL header, and the last accepted transition on a branch.
import { closeSync, openSync, readSync } from "node:fs";
import { assertRegularOrAbsent } from "./atomic-file.ts";

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
