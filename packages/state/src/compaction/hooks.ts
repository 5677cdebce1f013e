// Completed-history compaction through Pi: when a run settles (`agent_settled`, nothing queued, Pi idle) and
// select.ts finds a large accepted completed prefix, ask Pi for a native manual compaction under a private marker;
// Pi prepares it (and refuses when its `keepRecentTokens` leaves nothing to compact), and `session_before_compact`
// answers only that pass, with the fixed summary line and the final answer as the first kept entry.
import { type FailOpenReporting, failOpen } from "@powercontext/pi-kit";
import type { HostContext } from "../host.ts";
import type { StateRuntime } from "../runtime.ts";
import { answerCompaction, type CompactEvent, isOurs, type PendingCompaction, staleReason } from "./answer.ts";
import { newMarker, revisionsOf } from "./marker.ts";
import { type EntryLike, selectCompaction } from "./select.ts";

/** The slice of Pi's extension context these hooks use, beyond the kit's. */
export interface CompactionContext extends HostContext {
  hasPendingMessages(): boolean;
  compact(options: { customInstructions?: string; onComplete?: () => void; onError?: (error: Error) => void }): void;
  sessionManager: HostContext["sessionManager"] & { buildContextEntries(): readonly unknown[] };
}

/** The subscription slice of Pi's extension API these hooks use. */
export interface CompactionEvents {
  on(event: "agent_settled", handler: (event: { aborted?: boolean }, ctx: CompactionContext) => unknown): void;
  on(event: "session_before_compact", handler: (event: CompactEvent, ctx: CompactionContext) => unknown): void;
}

/** Registers the two hooks when the feature is on; each is fail-open (a failure only means no boundary). */
export function registerCompaction(pi: CompactionEvents, runtime: StateRuntime, reporting: FailOpenReporting): void {
  const minTokens = runtime.config.compactionMinTokens;
  if (minTokens === null) return;
  let pending: PendingCompaction | null = null;
  pi.on(
    "agent_settled",
    failOpen(reporting, "agent_settled", async (event: { aborted?: boolean }, ctx: CompactionContext) => {
      const request = await selectAfterSettle(runtime, event, ctx, minTokens);
      if (request === null) return;
      pending = request;
      ctx.compact({
        customInstructions: request.marker,
        onComplete: () => runtime.log("compaction.completed", { keptEntryId: request.selection.keptEntryId }),
        // Pi refused (nothing compactable beyond keepRecentTokens, or our own cancel): no boundary, nothing changed.
        onError: (error) => {
          if (pending === request) pending = null;
          runtime.log("compaction.not_made", { message: error.message });
        },
      });
    }),
  );
  pi.on(
    "session_before_compact",
    failOpen(reporting, "session_before_compact", async (event: CompactEvent, ctx: CompactionContext) => {
      if (!isOurs(pending, event)) return undefined;
      const session = await runtime.refresh(ctx);
      const branch = ctx.sessionManager.getBranch();
      const now = { pendingInput: ctx.hasPendingMessages(), branch, revisions: revisionsOf(session.view) };
      const ours = pending;
      pending = null;
      const stale = staleReason(ours, event, now);
      if (stale !== null) runtime.log("compaction.skipped", { reason: "stale", why: stale });
      return answerCompaction(ours, event, now);
    }),
  );
}

/** The request for this settled run, or null (the reason is logged). */
async function selectAfterSettle(
  runtime: StateRuntime,
  event: { aborted?: boolean },
  ctx: CompactionContext,
  minTokens: number,
): Promise<PendingCompaction | null> {
  const session = await runtime.refresh(ctx);
  const choice = selectCompaction(
    ctx.sessionManager.getBranch() as EntryLike[],
    ctx.sessionManager.buildContextEntries() as EntryLike[],
    { mode: session.mode, pendingInput: ctx.hasPendingMessages(), aborted: event.aborted === true, minTokens },
  );
  if (choice.kind === "skip") {
    runtime.log("compaction.skipped", { reason: choice.reason });
    return null;
  }
  runtime.log("compaction.requested", { ...choice.selection });
  return { marker: newMarker(), selection: choice.selection, revisions: revisionsOf(session.view) };
}
