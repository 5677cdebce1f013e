// Stop as the session records it. Stopping writes one mode entry (`mode: "passive"`) that also carries the stop
// marker: when it happened, where the interrupted run began (if one was open), the physical session that stopped, and
// the effective state as it was then (the frozen handoff the projection shows; never read back as state). Everything
// else is derived from the selected branch, so reload, resume and /tree need no other record: the last marker of this
// session on the branch decides the phase. A fork copies the entries but not the session id, so it inherits nothing.
import { MODE_ENTRY } from "../modes.ts";
import type { ScopeState } from "../types.ts";

/** Appended at the start of the one migration run after a restart, so a later run is not one. */
export const MIGRATION_ENTRY = "powercontext-state-migration";

export interface StopMarker {
  /** When Stop ran (ms since the epoch). */
  at: number;
  /** The timestamp of the first user message of the run Stop interrupted; absent for an idle Stop. */
  from?: number;
  /** The physical session (Pi session id) that stopped. */
  session: string;
  /** The effective state at Stop, frozen. */
  state: ScopeState;
}

/**
 * Where the selected branch stands:
 * - `none`: no Stop of this session on the branch;
 * - `stopped`: the last mode entry is the Stop (the passive post-stop projection);
 * - `migration`: a later mode entry restarted the state and no run has used the handoff yet;
 * - `restarted`: the migration run is over (or the later mode was not active); only the trajectory cut remains.
 */
export type StopPhase = { kind: "none" } | { kind: "stopped" | "migration" | "restarted"; marker: StopMarker };

interface EntryShape {
  type?: unknown;
  customType?: unknown;
  data?: { mode?: unknown; stop?: unknown } | null;
}

/** The marker a branch entry carries, when it is a Stop of `sessionId`. */
export function markerOf(entry: unknown, sessionId: string): StopMarker | null {
  const value = entry as EntryShape | null;
  if (value?.type !== "custom" || value.customType !== MODE_ENTRY) return null;
  const stop = value.data?.stop as Partial<StopMarker> | undefined;
  if (stop === undefined || stop === null || typeof stop !== "object") return null;
  if (stop.session !== sessionId || typeof stop.at !== "number" || typeof stop.state !== "object") return null;
  return stop as StopMarker;
}

function isCustom(entry: unknown, customType: string): boolean {
  const value = entry as EntryShape | null;
  return value?.type === "custom" && value.customType === customType;
}

/** The phase of the branch (oldest entry first) for the physical session `sessionId`. */
export function stopPhase(branch: readonly unknown[], sessionId: string): StopPhase {
  let lastMode: unknown = null;
  let migrated = false;
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index];
    const marker = markerOf(entry, sessionId);
    if (marker !== null) {
      if (lastMode === null) return { kind: "stopped", marker };
      const restartedActive = (lastMode as EntryShape).data?.mode === "active";
      return { kind: restartedActive && !migrated ? "migration" : "restarted", marker };
    }
    if (isCustom(entry, MODE_ENTRY) && lastMode === null) lastMode = entry;
    if (isCustom(entry, MIGRATION_ENTRY)) migrated = true;
  }
  return { kind: "none" };
}
