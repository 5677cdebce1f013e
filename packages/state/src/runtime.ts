// Everything the hooks, tools and /state share for one loaded extension: the store and the selected session's
// view (the captured compare-and-swap basis), mode and accepted transitions. Rebuilt from the session on start.
import { createBatchTracker, type BatchTracker } from "./barrier.ts";
import type { StateConfig } from "./config.ts";
import { lastTransitionSeq, readSessionHeaderId, TRANSITION_ENTRY } from "./fork.ts";
import type { HostApi, HostContext, Logger } from "./host.ts";
import { MODE_ENTRY, modeFromBranch, toolsFor, type Mode } from "./modes.ts";
import { sessionKey, viewKeys } from "./scopes.ts";
import { openStateStore, type StateStore } from "./state-file.ts";
import type { View, ViewKeys } from "./types.ts";

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
}

export interface StateRuntime {
  config: StateConfig;
  store: StateStore;
  batches: BatchTracker;
  log: Logger;
  /** The session of `ctx`, loaded (or reloaded when the session or cwd changed). */
  session(ctx: HostContext): Promise<SessionState>;
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

export function createStateRuntime(config: StateConfig, api: HostApi, log: Logger): StateRuntime {
  const store = openStateStore({
    root: config.root,
    ...(config.fault === "kill-after-first-head"
      ? {
          afterHeadWritten: (index: number, total: number) => {
            if (total > 1 && index === 0) process.kill(process.pid, "SIGKILL");
          },
        }
      : {}),
  });
  let current: SessionState | null = null;

  const load = async (ctx: HostContext): Promise<SessionState> => {
    const sessionId = ctx.sessionManager.getSessionId();
    const keys = viewKeys(ctx.cwd, sessionId);
    const mode = modeFromBranch(ctx.sessionManager.getBranch(), config.defaultMode);
    current = { sessionId, cwd: ctx.cwd, keys, view: await store.readView(keys), mode, accepted: [] };
    return current;
  };

  const runtime: StateRuntime = {
    config,
    store,
    batches: createBatchTracker(),
    log,
    async session(ctx) {
      if (current !== null && current.sessionId === ctx.sessionManager.getSessionId() && current.cwd === ctx.cwd)
        return current;
      return load(ctx);
    },
    async start(ctx, event) {
      if (event.reason === "fork" && event.previousSessionFile !== undefined) {
        const parentId = readSessionHeaderId(event.previousSessionFile);
        const keys = viewKeys(ctx.cwd, ctx.sessionManager.getSessionId());
        if (parentId !== null && sessionKey(parentId) !== keys.session) {
          await store.copySession(keys, sessionKey(parentId), lastTransitionSeq(ctx.sessionManager.getBranch()));
        } else {
          log("fork.parent_unreadable", { effect: "the child session starts with an empty session scope" });
        }
      }
      const session = await load(ctx);
      runtime.applyTools(session.mode);
      return session;
    },
    async refresh(ctx) {
      const session = await runtime.session(ctx);
      session.view = await store.readView(session.keys);
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
