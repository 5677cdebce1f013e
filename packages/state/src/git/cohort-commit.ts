// One local commit per accepted semantic cohort, made in-process under the store lock: the cohort's exact prepared
// bytes become blobs (never re-read from the worktree), laid over the whole non-ignored worktree delta on top of the
// parent commit's tree (worktree-delta.ts: what `git add -A` would stage, .gitignore authoritative), then tree and
// commit objects are written and the branch moves with Git's lock-file protocol (ref-update.ts). The staging is the
// committer's own listing, an isolated index in memory: the caller's index is never used for it, and is synchronized
// to the committed tree afterwards in the background (caller-index.ts). In the steady state no Git process runs; Git
// is asked only to create the repository, once per process whether it exists at all (file-only mode), and which
// untracked paths its ignore rules exclude when such paths appear.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { processAlive } from "../store-lock.ts";
import { createCallerIndexSync } from "./caller-index.ts";
import { type GitResult, runGit } from "./git-command.ts";
import { writeBlob, writeObject } from "./loose-object.ts";
import { type HeadTarget, readHeadTarget, updateHead } from "./ref-update.ts";
import { removeStaleRefLocks } from "./stale-git-locks.ts";
import { readListing, type TreeEntry, type TreeListing, writeListing } from "./tree-listing.ts";
import { createDeltaCache, stageWorktree } from "./worktree-delta.ts";

/** Lock, lock-handover and reclaim-guard files, the journal and temporary files are never committed. */
const DEFAULT_IGNORE = "store.lock*\ntransaction.json\n.*.tmp-*\n";
const PREVIOUS_IGNORES = ["store.lock\ntransaction.json\n.*.tmp-*\n"];
/** Where the store keeps its private Git files (temporary indexes, the push queue), inside the Git directory. */
export const PRIVATE_DIRECTORY = "powercontext-state";
/** The store's commits carry their own identity, whatever the user's Git config says (and are never signed). */
const IDENTITY = "powercontext-state <state@powercontext.invalid>";

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

export interface CohortCommitter {
  /** Run under the store lock, right after the cohort's files became visible. Never throws for a Git failure. */
  commit(cohort: Cohort): Promise<CommitOutcome>;
  /** Resolves once the caller-visible index caught up with the newest commit (or gave up on a held lock). */
  settled(): Promise<void>;
  close(): void;
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

/** Creates the store's repository (SHA-1, so objects can be written directly) and its default .gitignore once. */
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

/** Removes temporary indexes (and their locks) left by dead processes (a live process's stay). */
function removeDeadIndexes(privateDir: string): void {
  for (const name of readdirSync(privateDir)) {
    const pid = Number(/^index\.tmp-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) rmSync(join(privateDir, name), { force: true });
  }
}

/** "<unix seconds> <±hhmm>" of now, in the local time zone, as Git writes it. */
function gitTime(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${Math.floor(now.getTime() / 1000)} ${offset < 0 ? "-" : "+"}${hours}${minutes}`;
}

function sameListing(a: TreeListing, b: TreeListing): boolean {
  if (a.size !== b.size) return false;
  for (const [path, entry] of a) {
    const other = b.get(path);
    if (other?.id !== entry.id || other.mode !== entry.mode) return false;
  }
  return true;
}

/** The prepared bytes as blobs, keyed by their slash-separated path in the worktree. */
function overlayOf(root: string, gitDir: string, files: readonly CohortFile[]): Map<string, TreeEntry> {
  return new Map(
    files.map((file) => [
      relative(root, file.path).split("\\").join("/"),
      { mode: "100644", id: writeBlob(gitDir, Buffer.from(file.bytes)) },
    ]),
  );
}

export function createCohortCommitter(root: string, options: CommitOptions = {}): CohortCommitter {
  const gitDir = join(root, ".git");
  const privateDir = join(gitDir, PRIVATE_DIRECTORY);
  const cache = createDeltaCache();
  const sync = createCallerIndexSync(root, privateDir, options);
  // Whether Git exists is asked once per process, from a directory that surely exists.
  let present: Promise<boolean> | null = null;
  let last: { commit: string; listing: TreeListing } | null = null;
  const parentListing = async (head: HeadTarget) => {
    if (head.commit === null) return new Map() as TreeListing;
    if (last?.commit === head.commit) return last.listing;
    return readListing(root, gitDir, head.commit, options);
  };
  const commit = async (cohort: Cohort): Promise<CommitOutcome> => {
    present ??= runGit(tmpdir(), ["--version"], options).then((result) => !result.missing);
    if (!(await present)) return { status: "unavailable" };
    const setup = await ensureRepository(root, options);
    if (setup !== null) return setup;
    mkdirSync(privateDir, { recursive: true });
    removeDeadIndexes(privateDir);
    removeStaleRefLocks(gitDir);
    let head: HeadTarget;
    try {
      head = readHeadTarget(gitDir);
    } catch (error) {
      return { status: "failed", step: "head", stderr: String(error) };
    }
    const parent = await parentListing(head);
    if (parent === null) return { status: "failed", step: "ls-tree", stderr: `cannot list ${head.commit}` };
    const overlay = overlayOf(root, gitDir, cohort.files);
    const staged = await stageWorktree(root, gitDir, parent, overlay, cache, options);
    if (staged === null) return { status: "failed", step: "ls-files", stderr: "cannot list ignored paths" };
    if (head.commit !== null && sameListing(parent, staged)) return { status: "unchanged" };
    const tree = writeListing(gitDir, staged);
    const identity = `${IDENTITY} ${gitTime(new Date())}`;
    const parentLine = head.commit === null ? "" : `parent ${head.commit}\n`;
    const body = `tree ${tree}\n${parentLine}author ${identity}\ncommitter ${identity}\n\n${commitMessage(cohort)}`;
    const id = writeObject(gitDir, "commit", Buffer.from(body));
    const subject = `commit${head.commit === null ? " (initial)" : ""}: powercontext-state: ${cohort.transition}`;
    const moved = updateHead(gitDir, head, id, identity, subject);
    if (moved.status === "failed") return { status: "failed", step: "update-ref", stderr: moved.reason };
    last = { commit: id, listing: staged };
    sync.request(id);
    return { status: "committed", commit: id };
  };
  return {
    async commit(cohort) {
      try {
        return await commit(cohort);
      } catch (error) {
        // The transition is accepted and visible: a file-system error here costs its commit, never the transition.
        return { status: "failed", step: "write", stderr: String(error) };
      }
    },
    settled: sync.settled,
    close: sync.close,
  };
}

/** One commit by a committer of its own, its caller-index synchronization awaited (tests, one-off use). */
export async function commitCohort(root: string, cohort: Cohort, options: CommitOptions = {}): Promise<CommitOutcome> {
  const committer = createCohortCommitter(root, options);
  const outcome = await committer.commit(cohort);
  await committer.settled();
  return outcome;
}
