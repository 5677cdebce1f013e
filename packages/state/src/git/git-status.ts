// What `/state status --json` reports about Git history: file-only or Git, the remote, and the push queue as it is on
// disk (its target, attempts and last error), read without taking any lock.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { GitHistory } from "./git-history.ts";
import { PRIVATE_DIRECTORY } from "./cohort-commit.ts";
import { readQueue } from "./push-queue.ts";

export interface GitStatus {
  mode: "git" | "file-only" | "unknown";
  remote: string | null;
  queue: { target: string; attempts: number; last_error: string | null } | "empty" | "malformed";
}

export function gitStatus(root: string, history: GitHistory, remote: string | null): GitStatus {
  const directory = join(root, ".git", PRIVATE_DIRECTORY, "push");
  let queue: GitStatus["queue"] = "empty";
  try {
    const state = existsSync(directory) ? readQueue(directory) : { kind: "empty" as const };
    if (state.kind === "malformed") queue = "malformed";
    if (state.kind === "queued") {
      const { target, attempts, last_error } = state.read.record;
      queue = { target, attempts, last_error };
    }
  } catch {
    queue = "malformed";
  }
  return { mode: history.mode(), remote, queue };
}
