// The durable half of the run anchor (run-anchor.ts keeps it live in memory). Pi's branch does not say where a run
// began: steering and follow-ups are user messages too. So each user run leaves one small custom entry at its start
// (before_agent_start, before its first message is stored); a plain custom entry is never sent to the model, so the
// prompt cache is untouched. On session start, reload, resume and /tree, the interrupted run is read back from the
// selected branch with the same rule the live anchor follows, so Stop after a reload still keeps that run.
import { finishes } from "./run-anchor.ts";
import { markerOf } from "./stop-marker.ts";

/** The custom entry that opens a user run: `{ session }`, the physical session (Pi session id) that ran it. */
export const RUN_ENTRY = "powercontext-state-run";

interface EntryShape {
  type?: unknown;
  customType?: unknown;
  data?: { session?: unknown } | null;
  message?: { role?: unknown; timestamp?: unknown; stopReason?: unknown } | null;
}

/**
 * The first user message's timestamp of the branch's last run when that run was interrupted, else undefined. The
 * last run is the one after the newest run entry. It was interrupted when its last assistant message did not finish
 * it (or it has none), exactly as at agent_end. It counts only when this physical session ran it (a fork's copied
 * entries are its parent's: the child inherits nothing) and no Stop of this session followed it (that Stop already
 * took the run into its marker; a later Stop is idle, as it is without a reload).
 */
export function interruptedRunFrom(branch: readonly unknown[], sessionId: string): number | undefined {
  let from: number | undefined;
  let lastReason: unknown;
  let sawAssistant = false;
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    const entry = branch[index] as EntryShape | null;
    if (entry?.type === "custom" && entry.customType === RUN_ENTRY) {
      if (entry.data?.session !== sessionId) return undefined;
      return finishes(lastReason) ? undefined : from;
    }
    if (markerOf(entry, sessionId) !== null) return undefined;
    const message = entry?.type === "message" ? entry.message : null;
    if (message?.role === "user" && typeof message.timestamp === "number") from = message.timestamp;
    if (message?.role === "assistant" && !sawAssistant) {
      sawAssistant = true;
      lastReason = message.stopReason;
    }
  }
  return undefined;
}
