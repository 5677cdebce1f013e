// Git as the store's cold history, for one loaded extension: a commit per accepted cohort (called by the store under
// its lock), reads of any committed revision, and the opt-in remote publication of the newest commit. When the Git
// executable is absent (ENOENT) the store runs file-only: the same files and hot history, no cold revisions.
import { StateError } from "../errors.ts";
import type { Logger } from "../host.ts";
import type { PublishVerdict } from "../state-file.ts";
import { SCOPES, type ScopeStream, type View, type ViewKeys } from "../types.ts";
import { type Cohort, createCohortCommitter } from "./cohort-commit.ts";
import { type ColdView, commitOfSeq, readViewAt } from "./cold-read.ts";
import { runGit } from "./git-command.ts";
import { createPushLauncher } from "./push-launcher.ts";
import type { PushOutcome } from "./push-worker.ts";

export { REMOTE_REF } from "./push-launcher.ts";

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
  /**
   * Commits one cohort; run by the store under its lock, after the files became visible. Never throws. A failed
   * commit refuses the transition (the store rolls its files back); file-only mode keeps it.
   */
  commit(cohort: Cohort): Promise<PublishVerdict>;
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
  /** Resolves once the caller-visible index caught up with the newest commit (tests). */
  indexSynced(): Promise<void>;
  /** Kills a running push's process group and waits for it, at most 2 s (session_shutdown). */
  close(): Promise<void>;
}

const KEPT: PublishVerdict = { status: "kept" };

function newestSeq(view: View): number {
  return Math.max(0, ...SCOPES.map((scope) => view[scope].head?.seq ?? 0));
}

export function createGitHistory(options: GitHistoryOptions): GitHistory {
  const { root, log } = options;
  const git = options.binary === undefined ? {} : { binary: options.binary };
  let mode: "git" | "file-only" | "unknown" = "unknown";
  const pushes = createPushLauncher({ ...options, git, isFileOnly: () => mode === "file-only" });
  const committer = createCohortCommitter(root, git);
  return {
    mode: () => mode,
    async commit(cohort) {
      if (mode === "file-only") return KEPT;
      const outcome = await committer.commit(cohort);
      if (outcome.status === "unavailable") {
        mode = "file-only";
        log("git.unavailable", {
          effect: "file-only history: current state and the 7-patch hot tail, no cold revisions",
        });
        return KEPT;
      }
      mode = "git";
      if (outcome.status !== "failed") return KEPT;
      // The seed's rule: a failed Git batch refuses the transition, so the files never hold a state Git lacks.
      log("git.commit_failed", { step: outcome.step, effect: "transition refused; its state files rolled back" });
      return { status: "refused", reason: `${outcome.step}: ${outcome.stderr.slice(0, 200)}` };
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
    publish: () => pushes.launch(true),
    resume: () => pushes.launch(false),
    settled: pushes.settled,
    indexSynced: committer.settled,
    async close() {
      committer.close();
      await pushes.close();
    },
  };
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
