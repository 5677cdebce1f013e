// The durable store: every read and publication runs under the one store lock, after rolling back any journal a
// dead writer left and removing its temporary files (leftovers.ts). A publication checks its captured basis (compare-and-swap per supplied scope) and writes every
// supplied scope or none (transition-plan.ts plans it, write-scopes.ts makes it visible); with Git history on, a
// failed commit of the visible transition withdraws it (the seed's rollback when the Git batch fails).
import { join } from "node:path";
import { ensureDirectory } from "./atomic-file.ts";
import { StateError } from "./errors.ts";
import type { Cohort } from "./git/cohort-commit.ts";
import { type Journal, recoverJournal } from "./journal.ts";
import { removeDeadLeftovers } from "./leftovers.ts";
import { copySessionStream } from "./session-copy.ts";
import { acquireLock, processAlive } from "./store-lock.ts";
import { planTransition } from "./transition-plan.ts";
import type { ScopeName, ScopeStream, TransitionRequest, View, ViewKeys } from "./types.ts";
import { loadView, readLive } from "./view-files.ts";
import { type AfterHeadWritten, rollBackPublication, writeScopes } from "./write-scopes.ts";

export const LOCK_FILE = "store.lock";

export interface StoreOptions {
  root: string;
  now?: () => Date;
  lockTimeoutMs?: number;
  /** Called after each head is replaced (test seam for crash injection); `index` counts from 0. */
  afterHeadWritten?: AfterHeadWritten;
  /**
   * Runs under the lock once a transition's files are visible (Git's commit of the cohort); must not throw. A refusal
   * withdraws the transition: its files get their previous bytes back and publish throws `history_commit_failed`.
   */
  afterPublish?: (cohort: Cohort) => Promise<PublishVerdict>;
}

/** What the hook after a publication decided: keep the transition, or refuse it (why, for the model and the log). */
export type PublishVerdict = { status: "kept" } | { status: "refused"; reason: string };

export type PublishResult =
  | { status: "committed"; view: View; transition: string; seq: number; revisions: Partial<Record<ScopeName, number>> }
  | { status: "conflict"; scopes: ScopeName[]; view: View };

export interface StateStore {
  readonly root: string;
  /**
   * The current view of three scopes, read under the lock (after rolling back any dead writer's journal). A scope
   * whose file still has the bytes of `known`'s stream reuses it unparsed.
   */
  readView(keys: ViewKeys, known?: View): Promise<View>;
  /** Publishes a transition against `basis`; all supplied scopes commit together or none does. */
  publish(keys: ViewKeys, basis: View, request: TransitionRequest): Promise<PublishResult>;
  /**
   * Copies a session stream, as of `atSeq` (null: its current state), to a new session key with a fresh origin; an
   * existing target is left as it is. Throws `fork_point_folded` when `atSeq` precedes the source's checkpoint.
   */
  copySession(keys: ViewKeys, fromKey: string, atSeq: number | null, cold?: ScopeStream): Promise<View>;
  /** Runs `work` while holding the store lock. */
  locked<T>(work: () => Promise<T> | T): Promise<T>;
}

export function openStateStore({
  root,
  now = () => new Date(),
  lockTimeoutMs = 5_000,
  afterHeadWritten,
  afterPublish,
}: StoreOptions): StateStore {
  const locked = async <T>(work: () => Promise<T> | T): Promise<T> => {
    ensureDirectory(root, "");
    const lock = await acquireLock(join(root, LOCK_FILE), { timeoutMs: lockTimeoutMs });
    try {
      recoverJournal(root);
      removeDeadLeftovers(root, lock.token, processAlive);
      return await work();
    } finally {
      lock.release();
    }
  };
  return {
    root,
    locked,
    readView: (keys, known) => locked(() => loadView(root, keys, known)),
    publish: (keys, basis, request) =>
      locked(async (): Promise<PublishResult> => {
        const plan = planTransition(root, readLive(root, keys, basis), basis, request, now);
        if (plan.status === "conflict") return plan;
        const journal = await writeScopes(root, plan.prepared, plan.transition, afterHeadWritten);
        const { view, transition, seq, revisions } = plan;
        const verdict = (await afterPublish?.({ transition, seq, files: plan.prepared })) ?? { status: "kept" };
        if (verdict.status === "refused") throw withdrawn(root, journal, verdict.reason);
        return { status: "committed", view, transition, seq, revisions };
      }),
    copySession: (keys, fromKey, atSeq, cold) =>
      locked(() => copySessionStream(root, { keys, fromKey, atSeq, now: now(), cold })),
  };
}

/** Rolls a refused transition back (only bytes still its own) and returns the error that refuses it. */
function withdrawn(root: string, journal: Journal, reason: string): StateError {
  try {
    rollBackPublication(root, journal);
  } catch (error) {
    return new StateError(
      "history_commit_failed",
      `Git could not commit this transition (${reason}), and restoring the previous state failed too. Read the state before patching again.`,
      { cause: error },
    );
  }
  return new StateError(
    "history_commit_failed",
    `Git could not commit this transition (${reason}); the previous state was restored and nothing was written. Retry the patch; if it keeps failing, the store's Git repository needs repair (or set POWERCONTEXT_STATE_GIT_BACKUP=0 to run without Git history).`,
  );
}
