// The Stop side of one loaded extension: the phase of the selected branch (stop-marker.ts), the run Stop would
// interrupt (run-anchor.ts, restored from the branch by run-start.ts), and the writes Stop makes to the session: the
// run entry at the start of every user run, the Stop mode entry and, at the start of the first run after a restart,
// the migration entry that makes it the only migration run.
import type { HostApi, HostContext } from "../host.ts";
import { MODE_ENTRY } from "../modes.ts";
import type { ScopeState } from "../types.ts";
import { createRunAnchor, type RunAnchor } from "./run-anchor.ts";
import { interruptedRunFrom, RUN_ENTRY } from "./run-start.ts";
import { MIGRATION_ENTRY, type StopMarker, type StopPhase, stopPhase } from "./stop-marker.ts";

export interface StopTracker {
  anchor: RunAnchor;
  /** The phase the next request is built for. */
  phase(): StopPhase;
  /** Re-derives the phase and the interrupted run from the selected branch (session start, /tree, Start). */
  select(ctx: HostContext): void;
  /**
   * before_agent_start: re-derives the phase, opens the run and records where it began; the first run after a restart
   * is the migration run.
   */
  beginRun(ctx: HostContext): StopPhase;
  /** Stops: records the marker as the session's mode entry (`passive`) and switches the phase at once. */
  stop(ctx: HostContext, state: ScopeState): StopMarker;
}

export function createStopTracker(api: Pick<HostApi, "appendEntry">): StopTracker {
  const anchor = createRunAnchor();
  let phase: StopPhase = { kind: "none" };
  const derive = (ctx: HostContext) => stopPhase(ctx.sessionManager.getBranch(), ctx.sessionManager.getSessionId());
  return {
    anchor,
    phase: () => phase,
    select(ctx) {
      const [branch, sessionId] = [ctx.sessionManager.getBranch(), ctx.sessionManager.getSessionId()];
      phase = stopPhase(branch, sessionId);
      anchor.restore(interruptedRunFrom(branch, sessionId));
    },
    beginRun(ctx) {
      phase = derive(ctx);
      anchor.begin();
      api.appendEntry(RUN_ENTRY, { session: ctx.sessionManager.getSessionId() });
      if (phase.kind === "migration") api.appendEntry(MIGRATION_ENTRY, { stop: phase.marker.at });
      return phase;
    },
    stop(ctx, state) {
      const from = anchor.from();
      const marker: StopMarker = {
        at: Date.now(),
        ...(from === undefined ? {} : { from }),
        session: ctx.sessionManager.getSessionId(),
        state,
      };
      api.appendEntry(MODE_ENTRY, { mode: "passive", stop: marker });
      phase = { kind: "stopped", marker };
      return marker;
    },
  };
}
