// The kill replay with Git backup on and a local bare repository as the remote, so kills land during commits and
// pushes too (the replay also SIGKILLs Pi's detached Git children). After each restart and probe: the push queue
// parses, no lease stays with a dead owner, Git's own lock files do not block the next commit (HEAD holds the scope
// files as they are on disk), and the queue drains (the remote's ref reaches the newest local commit).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { SCOPES_DIRECTORY } from "../../src/scopes.ts";
import { processAlive, readOwner } from "../../src/store-lock.ts";
import { PRIVATE_DIRECTORY } from "../../src/git/cohort-commit.ts";
import { GIT_TIMEOUT_MS } from "../../src/git/git-command.ts";
import { readQueue } from "../../src/git/push-queue.ts";
import { REMOTE_REF } from "../../src/git/push-launcher.ts";
import type { ReplayCheck } from "./kill-replay.ts";

const DRAIN_MS = 30_000;

function git(cwd: string, ...args: string[]): string | null {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/** Git lock files anywhere in a Git directory (index.lock, ref locks, the locks of the store's temporary indexes). */
export function gitLocks(gitDir: string): string[] {
  if (!statSync(gitDir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true }))
      if (entry.isDirectory() && entry.name !== "objects") walk(join(directory, entry.name));
      else if (entry.name.endsWith(".lock") && entry.name !== "queue.lock")
        found.push(relative(gitDir, join(directory, entry.name)));
  };
  walk(gitDir);
  return found;
}

/** Scope files whose bytes on disk differ from HEAD's (a commit that stale locks keep failing). */
function uncommitted(root: string): string[] {
  const directory = join(root, SCOPES_DIRECTORY);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .filter((name) => {
      const committed = git(root, "cat-file", "blob", `HEAD:${SCOPES_DIRECTORY}/${name}`);
      return committed !== readFileSync(join(directory, name), "utf8").trim();
    });
}

async function until(done: () => boolean): Promise<boolean> {
  const deadline = Date.now() + DRAIN_MS;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

export interface GitReplay {
  env: Record<string, string>;
  checks: ReplayCheck[];
  /** Notes the Git lock files a kill left behind and counts them in `locksLeft`. */
  afterKill: (root: string) => string[];
  remote: string;
  /** Kills that left a Git lock file behind (in the store's repository or the remote). */
  locksLeft: { kills: number; names: Set<string> };
}

/** A fresh bare remote in its own temporary directory, the settings that turn backup and push on, and the checks. */
export function gitReplay(): GitReplay {
  const remote = join(mkdtempSync(join(tmpdir(), "pc-kill-remote-")), "remote.git");
  execFileSync("git", ["init", "-q", "--bare", remote]);
  const env = { POWERCONTEXT_STATE_GIT_BACKUP: "1", POWERCONTEXT_STATE_GIT_REMOTE: remote };
  // A ref lock left by a killed `git commit` may fail commits until it is older than any Git command of ours
  // (src/git/stale-git-locks.ts): a lag is tolerated while such a young lock explains it, never past that age.
  let lagSince: number | null = null;
  const blockedCommits = (root: string): string[] => {
    const stale = uncommitted(root);
    if (stale.length === 0) {
      lagSince = null;
      return [];
    }
    const locks = gitLocks(join(root, ".git")).filter((name) => name === "HEAD.lock" || name.startsWith("refs/"));
    lagSince ??= Date.now();
    if (locks.length > 0 && Date.now() - lagSince <= 2 * GIT_TIMEOUT_MS + DRAIN_MS) return [];
    return [`HEAD lags the store (${stale.join(" ")}); git locks: ${gitLocks(join(root, ".git")).join(" ")}`];
  };
  const check: ReplayCheck = async ({ root }) => {
    const failures: string[] = [];
    const pushDir = join(root, ".git", PRIVATE_DIRECTORY, "push");
    failures.push(...blockedCommits(root));
    const head = git(root, "rev-parse", "--verify", "HEAD");
    const drained = await until(
      () => readQueue(pushDir).kind === "empty" && git(remote, "rev-parse", "--verify", REMOTE_REF) === head,
    );
    const queue = readQueue(pushDir);
    if (queue.kind === "malformed") failures.push("the push queue does not parse");
    if (!drained)
      failures.push(
        `the push queue did not drain: ${JSON.stringify(queue.kind === "queued" ? queue.read.record : queue)}`,
      );
    let owner: ReturnType<typeof readOwner> = null;
    try {
      owner = readOwner(join(pushDir, "lease"));
    } catch (error) {
      failures.push(`the lease does not read: ${(error as Error).message}`);
    }
    if (owner !== null && !processAlive(owner.pid)) failures.push(`the lease is held by dead pid ${owner.pid}`);
    return failures;
  };
  const locksLeft = { kills: 0, names: new Set<string>() };
  const afterKill = (root: string) => {
    const locks = [...gitLocks(join(root, ".git")), ...gitLocks(remote).map((name) => `remote:${name}`)];
    if (locks.length === 0) return [];
    locksLeft.kills += 1;
    for (const name of locks) locksLeft.names.add(name.replace(/tmp-\d+-[0-9a-f]+/, "tmp-<pid>-…"));
    return [`git locks ${locks.join(" ")}`];
  };
  return { env, checks: [check], afterKill, remote, locksLeft };
}
