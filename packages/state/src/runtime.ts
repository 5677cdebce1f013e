// Everything the hooks, tools and /state share for one loaded extension: the store and the selected session's
// view (the captured compare-and-swap basis), mode and accepted transitions. Rebuilt from the session on start.
import { createBatchTracker, type BatchTracker } from "./barrier.ts";
import type { StateConfig } from "./config.ts";
import { type DiagnosticLog, openDiagnosticLog } from "./diagnostic-log.ts";
import { createGitHistory, type GitHistory } from "./git/git-history.ts";
import { forkPointSeq, lastTransitionSeq, readSessionHeaderId, reconstructibleAt, TRANSITION_ENTRY } from "./fork.ts";
import type { HostApi, HostContext, Logger } from "./host.ts";
import { MODE_ENTRY, modeFromBranch, toolsFor, type Mode } from "./modes.ts";
import { sessionKey, viewKeys } from "./scopes.ts";
import { createStopTracker, type StopTracker } from "./stop/stop-tracker.ts";
import { openStateStore, type StateStore, type StoreOptions } from "./state-file.ts";
import { type Resolution, startResolution } from "./turn-resolution.ts";
import type { ScopeHead, View, ViewKeys } from "./types.ts";

export const STATE_TOOLS = ["patch_state", "read_state"] as const;

export interface SessionState {
  sessionId: string;
  cwd: string;
  keys: ViewKeys;
  /** The view the model last saw (projection or receipt): the basis of the next patch. */
  view: View;
  mode: Mode;
  /** Transitions accepted since the last agent_end. */
  accepted: { transition: string; seq: number }[];
  /** The current user run's turn resolution (terminal eligibility, preserved draft, fallback budget). */
  resolution: Resolution;
}

export interface StateRuntime {
  config: StateConfig;
  store: StateStore;
  batches: BatchTracker;
  log: Logger;
  /** The opt-in JSONL record of rejected patches and preserved drafts (a no-op when off). */
  diagnostics: DiagnosticLog;
  /** Stop: the phase of the selected branch and the run a Stop would interrupt (src/stop). */
  stops: StopTracker;
  /** Git as cold history and remote publication; null when Git backup is off (file-only). */
  git: GitHistory | null;
  /** The session of `ctx`, loaded (or reloaded when the session or cwd changed). */
  session(ctx: HostContext): Promise<SessionState>;
  /**
   * Handles session_before_fork: the reason to refuse a fork at `entryId` (its session state was folded out of this
   * session's tail), or null when the child can be given the state of that point.
   */
  checkFork(ctx: HostContext, entryId: string, position: "before" | "at"): Promise<string | null>;
  /** Handles session_start; a fork copies the parent's session stream first. */
  start(ctx: HostContext, event: { reason: string; previousSessionFile?: string | undefined }): Promise<SessionState>;
  /** Re-reads the view from the store (the new basis). */
  refresh(ctx: HostContext): Promise<SessionState>;
  setMode(ctx: HostContext, mode: Mode): Promise<SessionState>;
  /** Exposes or hides the state tools to match the mode. */
  applyTools(mode: Mode): void;
  /** Records accepted transitions as a session entry (fork boundaries) at agent_end; returns them. */
  settle(ctx: HostContext): Promise<{ transition: string; seq: number }[]>;
}

/** Hooks into the store that only tests set (a crash inside a publication); production passes none. */
export type StoreSeams = Pick<StoreOptions, "afterHeadWritten">;

export function createStateRuntime(
  config: StateConfig,
  api: HostApi,
  log: Logger,
  seams: StoreSeams = {},
): StateRuntime {
  const git = config.gitBackup ? createGitHistory({ root: config.root, remote: config.gitRemote, log }) : null;
  const store = openStateStore({ ...seams, root: config.root, ...(git === null ? {} : { afterPublish: git.commit }) });
  const sessions = createSessionCache(store, config.defaultMode);
  const runtime: StateRuntime = {
    config,
    store,
    batches: createBatchTracker(),
    log,
    diagnostics: openDiagnosticLog(config.diagnosticsFile),
    stops: createStopTracker(api),
    git,
    session: (ctx) => sessions.current(ctx),
    async checkFork(ctx, entryId, position) {
      const session = await runtime.refresh(ctx);
      const atSeq = forkPointSeq(ctx.sessionManager.getBranch(entryId), position);
      const refusal = forkRefusal(session.view.session.head, atSeq);
      // Folded out of the hot tail but committed to Git: the child is restored exactly from cold history.
      if (refusal !== null && (await git?.sessionAt(session.keys.session, atSeq)) != null) return null;
      return refusal;
    },
    async start(ctx, event) {
      if (event.reason === "fork" && event.previousSessionFile !== undefined)
        await inheritParentSession({ store, git, log }, ctx, event.previousSessionFile);
      const session = await sessions.load(ctx);
      runtime.applyTools(session.mode);
      git?.resume();
      return session;
    },
    async refresh(ctx) {
      const session = await runtime.session(ctx);
      session.view = await store.readView(session.keys, session.view);
      return session;
    },
    async setMode(ctx, mode) {
      const session = await runtime.session(ctx);
      session.mode = mode;
      api.appendEntry(MODE_ENTRY, { mode });
      runtime.applyTools(mode);
      return session;
    },
    applyTools(mode) {
      const others = api.getActiveTools().filter((name) => !(STATE_TOOLS as readonly string[]).includes(name));
      api.setActiveTools([...others, ...toolsFor(mode)]);
    },
    async settle(ctx) {
      const session = await runtime.session(ctx);
      const accepted = session.accepted;
      session.accepted = [];
      const last = accepted.at(-1);
      if (last !== undefined)
        api.appendEntry(TRANSITION_ENTRY, { seq: last.seq, transitions: accepted.map((item) => item.transition) });
      return accepted;
    },
  };
  return runtime;
}

/** The one selected session: kept while the session id and cwd stay the same, loaded afresh when either changes. */
function createSessionCache(
  store: StateStore,
  defaultMode: Mode,
): { current(ctx: HostContext): Promise<SessionState>; load(ctx: HostContext): Promise<SessionState> } {
  let selected: SessionState | null = null;
  const load = async (ctx: HostContext): Promise<SessionState> => {
    const sessionId = ctx.sessionManager.getSessionId();
    const keys = viewKeys(ctx.cwd, sessionId);
    const mode = modeFromBranch(ctx.sessionManager.getBranch(), defaultMode);
    selected = {
      sessionId,
      cwd: ctx.cwd,
      keys,
      view: await store.readView(keys),
      mode,
      accepted: [],
      resolution: startResolution(),
    };
    return selected;
  };
  return {
    load,
    async current(ctx) {
      if (selected !== null && selected.sessionId === ctx.sessionManager.getSessionId() && selected.cwd === ctx.cwd)
        return selected;
      return load(ctx);
    },
  };
}

/** Why a fork at `atSeq` is refused (its session state was folded out of the retained tail), or null. */
function forkRefusal(head: ScopeHead | null, atSeq: number): string | null {
  if (reconstructibleAt(head, atSeq)) return null;
  return `powercontext-state refused this fork: the session state at that point was folded out of the retained history (the last ${head?.tail.length ?? 0} patches are kept; older ones live only in the checkpoint), so the child could not be given the state of that point. Fork from a later message.`;
}

/** A forked session starts from its parent's session stream as of the fork point; an unreadable parent, empty. */
async function inheritParentSession(
  { store, git, log }: { store: StateStore; git: GitHistory | null; log: Logger },
  ctx: HostContext,
  parentFile: string,
): Promise<void> {
  const parentId = readSessionHeaderId(parentFile);
  const keys = viewKeys(ctx.cwd, ctx.sessionManager.getSessionId());
  if (parentId === null || sessionKey(parentId) === keys.session) {
    log("fork.parent_unreadable", { effect: "the child session starts with an empty session scope" });
    return;
  }
  const atSeq = lastTransitionSeq(ctx.sessionManager.getBranch());
  try {
    await store.copySession(keys, sessionKey(parentId), atSeq);
  } catch (error) {
    // Reached only when session_before_fork did not run (or the tail folded since): never copy a wrong state.
    if ((error as { code?: unknown }).code !== "fork_point_folded") throw error;
    const cold = await git?.sessionAt(sessionKey(parentId), atSeq);
    if (cold != null) {
      await store.copySession(keys, sessionKey(parentId), atSeq, cold);
      return;
    }
    log("fork.point_folded", { effect: "the child session starts with an empty session scope" });
    if (ctx.hasUI) ctx.ui.notify(`powercontext-state: ${(error as Error).message}`, "error");
  }
}
