// One local commit per accepted semantic cohort, made through an isolated index (GIT_INDEX_FILE) so the caller's own
// index is never used for staging: the index starts from the previous cohort's (or empty), `add -A` stages the whole
// non-ignored worktree delta (.gitignore stays authoritative), then the exact prepared bytes of the cohort are laid
// over it (`update-index --index-info`, blobs written from the prepared bytes, never re-read from the worktree).
// Afterwards the caller-visible index is synchronized to the committed tree (under Git's own index.lock).
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { processAlive } from "../store-lock.ts";
import { IDENTITY_ARGS, type GitResult, runGit } from "./git-command.ts";
import { writeBlob } from "./loose-object.ts";
import { readHead } from "./refs.ts";
import { removeStaleRefLocks } from "./stale-git-locks.ts";

/** Lock, lock-handover and reclaim-guard files, the journal and temporary files are never committed. */
const DEFAULT_IGNORE = "store.lock*\ntransaction.json\n.*.tmp-*\n";
const PREVIOUS_IGNORES = ["store.lock\ntransaction.json\n.*.tmp-*\n"];
/** Where the store keeps its private Git files (the isolated index), inside the Git directory, never committed. */
export const PRIVATE_DIRECTORY = "powercontext-state";

export interface CohortFile {
  path: string;
  bytes: string;
}

export interface Cohort {
  transition: string;
  seq: number;
  files: readonly CohortFile[];
}

export type CommitOutcome =
  | { status: "committed"; commit: string }
  | { status: "unchanged" }
  | { status: "unavailable" }
  | { status: "failed"; step: string; stderr: string };

export interface CommitOptions {
  binary?: string;
}

/** The subject and trailers of a cohort commit; `Seq:` is what `revision: "self"` and fork restoration look up. */
export function commitMessage(cohort: Pick<Cohort, "transition" | "seq">): string {
  return `powercontext-state: ${cohort.transition}\n\nTransition: ${cohort.transition}\nSeq: ${cohort.seq}\n`;
}

function failedAt(step: string, result: GitResult): CommitOutcome {
  return result.missing ? { status: "unavailable" } : { status: "failed", step, stderr: result.stderr.trim() };
}

/** Whether the store's own repository exists (a `.git` directory alone, e.g. made for the push queue, is not one). */
export function hasRepository(root: string): boolean {
  return existsSync(join(root, ".git", "HEAD"));
}

/** Creates the store's repository (SHA-1, so blobs can be written directly) and its default .gitignore once. */
async function ensureRepository(root: string, options: CommitOptions): Promise<CommitOutcome | null> {
  if (!hasRepository(root)) {
    const init = await runGit(root, ["init", "-q", "--object-format=sha1"], options);
    if (init.code !== 0) return failedAt("init", init);
  }
  const ignore = join(root, ".gitignore");
  if (!existsSync(ignore) || PREVIOUS_IGNORES.includes(readFileSync(ignore, "utf8")))
    writeFileSync(ignore, DEFAULT_IGNORE);
  return null;
}

/** Removes isolated indexes left by dead processes (a live committer's stays). */
function removeDeadIndexes(privateDir: string): void {
  for (const name of readdirSync(privateDir)) {
    const pid = Number(/^index\.tmp-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) rmSync(join(privateDir, name), { force: true });
  }
}

/** The index-info batch of the prepared files: literal paths, NUL-delimited. */
function indexInfo(root: string, gitDir: string, files: readonly CohortFile[]): string {
  return files
    .map(
      (file) =>
        `100644 ${writeBlob(gitDir, Buffer.from(file.bytes))}\t${relative(root, file.path).split("\\").join("/")}\0`,
    )
    .join("");
}

/** Run under the store lock, right after the cohort's files became visible. Never throws for a Git failure. */
export async function commitCohort(root: string, cohort: Cohort, options: CommitOptions = {}): Promise<CommitOutcome> {
  const setup = await ensureRepository(root, options);
  if (setup !== null) return setup;
  const gitDir = join(root, ".git");
  const privateDir = join(gitDir, PRIVATE_DIRECTORY);
  mkdirSync(privateDir, { recursive: true });
  removeDeadIndexes(privateDir);
  removeStaleRefLocks(gitDir);
  const cached = join(privateDir, "index");
  const isolated = join(privateDir, `index.tmp-${process.pid}-${randomBytes(6).toString("hex")}`);
  try {
    if (existsSync(cached)) copyFileSync(cached, isolated);
    const env = { GIT_INDEX_FILE: isolated };
    const add = await runGit(root, ["add", "-A", "--", "."], { ...options, env });
    if (add.code !== 0) return failedAt("add", add);
    const overlay = await runGit(root, ["update-index", "-z", "--add", "--index-info"], {
      ...options,
      env,
      input: indexInfo(root, gitDir, cohort.files),
    });
    if (overlay.code !== 0) return failedAt("update-index", overlay);
    const args = [...IDENTITY_ARGS, "-c", "gc.auto=0", "commit", "-q", "--no-verify", "-m", commitMessage(cohort)];
    const commit = await runGit(root, args, { ...options, env });
    if (commit.code !== 0)
      return /nothing (added )?to commit/.test(commit.stdout.toString())
        ? { status: "unchanged" }
        : failedAt("commit", commit);
    renameSync(isolated, cached);
    synchronizeCallerIndex(gitDir, cached);
    return { status: "committed", commit: await readHead(root, options) };
  } finally {
    rmSync(isolated, { force: true });
  }
}

/** Installs the committed tree's index as the caller-visible index, unless someone holds Git's index lock. */
function synchronizeCallerIndex(gitDir: string, cached: string): void {
  const lock = join(gitDir, "index.lock");
  try {
    writeFileSync(lock, readFileSync(cached), { flag: "wx" });
  } catch {
    return; // Busy (a caller's Git command runs): its index is left as it is.
  }
  try {
    renameSync(lock, join(gitDir, "index"));
  } catch {
    rmSync(lock, { force: true });
  }
}
