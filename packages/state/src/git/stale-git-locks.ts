// Git's own ref lock files (HEAD.lock, refs/heads/….lock, packed-refs.lock) left by a Git process killed while it
// updated a ref — a SIGKILLed Pi's detached `git commit` — would fail every later store commit with "cannot lock ref"
// forever. Git locks name no owner, so age decides: no Git command of ours lives past GIT_TIMEOUT_MS, and a ref
// update holds its lock for milliseconds, so a ref lock older than that, seen under the store lock, is a dead
// process's. The caller-visible index.lock is left alone: a user's `git commit` holds it while an editor is open, and
// store commits never need it (they stage in-process, never through the caller's index).
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { GIT_TIMEOUT_MS } from "./git-command.ts";

/** Ref lock files of the repository: HEAD's, packed-refs', and those under refs/heads. */
function refLocks(gitDir: string): string[] {
  const locks = ["HEAD.lock", "packed-refs.lock"].map((name) => join(gitDir, name));
  const walk = (directory: string) => {
    if (!existsSync(directory)) return;
    for (const entry of readdirSync(directory, { withFileTypes: true }))
      if (entry.isDirectory()) walk(join(directory, entry.name));
      else if (entry.name.endsWith(".lock")) locks.push(join(directory, entry.name));
  };
  walk(join(gitDir, "refs", "heads"));
  return locks;
}

/** Removes ref locks older than `staleMs` (run under the store lock, before a commit). Returns the removed paths. */
export function removeStaleRefLocks(gitDir: string, now = Date.now(), staleMs = 2 * GIT_TIMEOUT_MS): string[] {
  const removed: string[] = [];
  for (const path of refLocks(gitDir)) {
    let modified: number;
    try {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined || !stat.isFile()) continue;
      modified = stat.mtimeMs;
    } catch {
      continue;
    }
    if (now - modified < staleMs) continue;
    rmSync(path, { force: true });
    removed.push(path);
  }
  return removed;
}
