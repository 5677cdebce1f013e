// Git as the store's cold history, for one loaded extension: a commit per accepted cohort (called by the store under
// its lock), reads of any committed revision, and the opt-in remote publication of the newest commit. When the Git
// executable is absent (ENOENT) the store runs file-only: the same files and hot history, no cold revisions.
import { StateError } from "../errors.ts";
import type { Logger } from "../host.ts";
import { SCOPES, type ScopeStream, type View, type ViewKeys } from "../types.ts";
import { type Cohort, commitCohort, hasRepository } from "./cohort-commit.ts";
import { type ColdView, commitOfSeq, readViewAt } from "./cold-read.ts";
import { runGit } from "./git-command.ts";
import { type Destination, enqueue, pushDirectory, readQueue, underWriterLock } from "./push-queue.ts";
import { type PushOutcome, runPushWorker } from "./push-worker.ts";
import { readHead } from "./refs.ts";

/** The ref the store's history is published to on the remote. */
export const REMOTE_REF = "refs/heads/powercontext-state";

export interface GitHistoryOptions {
  root: string;
  /** Remote URL or path; null: no remote publication. */
  remote: string | null;
  log: Logger;
  binary?: string;
  pushTimeoutMs?: number;
}

export interface GitHistory {
  /** "unknown" until Git first runs; "file-only" once its executable proved absent. */
  readonly mode: () => "git" | "file-only" | "unknown";
  /** Commits one cohort; run by the store under its lock, after the files became visible. Never throws. */
  commit(cohort: Cohort): Promise<void>;
  /** The view of `keys` at a store commit, or at `"self"`: the commit that owns this view's newest transition. */
  readAt(keys: ViewKeys, revision: string, current: View): Promise<ColdView>;
  /**
   * The session stream `key` as the commit of the transition `seq` holds it (exact branch restoration of a fork point
   * folded out of the hot tail), or null when no commit owns that transition (file-only, or its commit failed).
   */
  sessionAt(key: string, seq: number): Promise<ScopeStream | null>;
  /** Queues the newest commit for the remote and starts the worker in the background (when a remote is set). */
  publish(): void;
  /** Starts the worker for a target an earlier process left queued (failed or interrupted attempts). */
  resume(): void;
  /** The running worker's outcome (tests and shutdown); resolves at once when none runs. */
  settled(): Promise<PushOutcome | null>;
  /** Kills a running push's process group and waits for it (session shutdown). */
  close(): Promise<void>;
}

function newestSeq(view: View): number {
  return Math.max(0, ...SCOPES.map((scope) => view[scope].head?.seq ?? 0));
}

export function createGitHistory(options: GitHistoryOptions): GitHistory {
  const { root, log } = options;
  const git = options.binary === undefined ? {} : { binary: options.binary };
  let mode: "git" | "file-only" | "unknown" = "unknown";
  let running: Promise<PushOutcome | null> = Promise.resolve(null);
  let busy = false;
  const abort = new AbortController();
  const destination: Destination | null = options.remote === null ? null : { remote: options.remote, ref: REMOTE_REF };

  const launch = (queueNewest: boolean) => {
    if (destination === null || mode === "file-only" || busy || abort.signal.aborted || !hasRepository(root)) return;
    busy = true;
    running = (async () => {
      if (queueNewest) await queueHead(root, destination, git, log);
      const outcome = await runPushWorker(root, { destination, signal: abort.signal, ...git, ...timeout(options) });
      if (outcome.status !== "pushed" && outcome.status !== "idle") log("git_push.deferred", { ...outcome });
      return outcome;
    })()
      .catch((error: unknown) => {
        log("git_push.deferred", { status: "error", code: (error as { code?: unknown }).code ?? "unexpected" });
        return null;
      })
      .finally(() => {
        busy = false;
      });
  };

  return {
    mode: () => mode,
    async commit(cohort) {
      if (mode === "file-only") return;
      const outcome = await commitCohort(root, cohort, git);
      if (outcome.status === "unavailable") {
        mode = "file-only";
        log("git.unavailable", {
          effect: "file-only history: current state and the 7-patch hot tail, no cold revisions",
        });
        return;
      }
      mode = "git";
      if (outcome.status === "failed")
        log("git.commit_failed", { step: outcome.step, effect: "state kept; the next cohort's commit carries it" });
    },
    async readAt(keys, revision, current) {
      if (mode === "file-only") throw coldUnavailable();
      const commit = revision === "self" ? await commitOfSeq(root, newestSeq(current), git) : revision;
      if (commit === null)
        throw new StateError("unknown_revision", "No store commit owns this session's newest transition yet.", {
          details: { revision },
        });
      try {
        return await readViewAt(root, keys, commit, git);
      } catch (error) {
        if ((error as StateError).code === "unknown_revision" && (await isMissing(root, git))) throw coldUnavailable();
        throw error;
      }
    },
    async sessionAt(key, seq) {
      if (mode === "file-only") return null;
      const commit = await commitOfSeq(root, seq, git);
      if (commit === null) return null;
      const keys = { global: "global", cwd: "none", session: key };
      return (await readViewAt(root, keys, commit, git)).view.session;
    },
    publish: () => launch(true),
    resume: () => launch(false),
    settled: () => running,
    async close() {
      abort.abort();
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}

function timeout(options: GitHistoryOptions): { timeoutMs?: number } {
  return options.pushTimeoutMs === undefined ? {} : { timeoutMs: options.pushTimeoutMs };
}

export function coldUnavailable(): StateError {
  return new StateError(
    "cold_history_unavailable",
    "Cold history needs Git: the store runs file-only (Git backup off, or no git executable). Offsets 0-7 still work.",
  );
}

async function isMissing(root: string, git: { binary?: string }): Promise<boolean> {
  return (await runGit(root, ["--version"], git)).missing;
}

/** Queues the repository's HEAD (the newest cohort commit) for the destination. */
async function queueHead(root: string, destination: Destination, git: { binary?: string }, log: Logger): Promise<void> {
  const head = await readHead(root, git);
  if (!/^[0-9a-f]{40}/.test(head)) return;
  const directory = pushDirectory(root);
  const descends = async (older: string) =>
    (await runGit(root, ["merge-base", "--is-ancestor", older, head], git)).code === 0;
  const result = await underWriterLock(directory, async () => {
    const queued = readQueue(directory);
    const older = queued.kind === "queued" ? queued.read.record.target : null;
    const isDescendant = older === null || older === head ? true : await descends(older);
    return enqueue(directory, destination, head, () => isDescendant, new Date());
  });
  if (result.status === "destination_changed" || result.status === "malformed")
    log("git_push.queue_refused", { status: result.status });
}
