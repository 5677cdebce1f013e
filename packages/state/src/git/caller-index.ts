// Keeping the caller-visible index (.git/index) in step with the store's commits, in the background, never in the
// acknowledged path: Git builds the committed tree's index into a private file (`read-tree`), which is then installed
// under Git's own index.lock. A held index.lock (a user's Git command, an editor open on `git commit`) is never
// broken: the installation is skipped. A run starts SYNC_DELAY_MS after a request, so a burst of commits costs one
// Git process, and never inside the turn that made the commit; requests meanwhile coalesce to the newest commit.
import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "./git-command.ts";
import { readHeadTarget } from "./ref-update.ts";

/** Long enough to gather a burst of commits, short beside the model turn that follows a patch. */
const SYNC_DELAY_MS = 250;

export interface CallerIndexSync {
  /** Asks for the caller-visible index to be set to `commit`'s tree (returns at once). */
  request(commit: string): void;
  /** Starts a pending synchronization at once and resolves once none runs or is pending. */
  settled(): Promise<void>;
  /** Kills a running `read-tree` (session shutdown); later requests are ignored. */
  close(): void;
}

/** Installs `built` as .git/index unless someone holds index.lock or HEAD moved on from `commit`. */
function install(gitDir: string, built: string, commit: string): void {
  const lock = join(gitDir, "index.lock");
  try {
    writeFileSync(lock, readFileSync(built), { flag: "wx" });
  } catch {
    return; // Busy (a caller's Git command runs): its index is left as it is.
  }
  try {
    // A newer commit's own synchronization installs its tree; an older tree must not overwrite it.
    if (readHeadTarget(gitDir).commit === commit) renameSync(lock, join(gitDir, "index"));
  } catch {
    // HEAD unreadable: leave the index.
  } finally {
    rmSync(lock, { force: true });
  }
}

export function createCallerIndexSync(root: string, privateDir: string, git: { binary?: string }): CallerIndexSync {
  const gitDir = join(root, ".git");
  let pending: string | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const abort = new AbortController();
  const once = async (commit: string) => {
    const built = join(privateDir, `index.tmp-${process.pid}-${randomBytes(6).toString("hex")}`);
    try {
      const read = await runGit(root, ["read-tree", commit], {
        ...git,
        env: { GIT_INDEX_FILE: built },
        signal: abort.signal,
      });
      if (read.code === 0 && !closed) install(gitDir, built, commit);
    } finally {
      rmSync(built, { force: true });
    }
  };
  const drain = async () => {
    while (pending !== null && !closed) {
      const commit = pending;
      pending = null;
      await once(commit);
    }
    running = null;
  };
  const start = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    running ??= drain();
  };
  return {
    request(commit) {
      if (closed) return;
      pending = commit;
      if (timer === null && running === null) timer = setTimeout(start, SYNC_DELAY_MS);
    },
    settled: async () => {
      if (timer !== null) start();
      while (running !== null) await running;
    },
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      abort.abort();
    },
  };
}
