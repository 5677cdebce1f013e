// Completed-history compaction, pure: the answer to Pi's `session_before_compact`. Only the manual compaction this
// package requested (its private marker) is answered; a person's /compact and threshold or overflow compaction are
// left to Pi (and to whichever other extension owns them). A request whose selection went stale is cancelled.
import { COMPACTION_SUMMARY, type CompactionDetails, type Revisions, sameRevisions } from "./marker.ts";
import { type EntryLike, type Selection, stillSelected } from "./select.ts";

/** A compaction this package asked Pi for and has not seen answered yet. */
export interface PendingCompaction {
  marker: string;
  selection: Selection;
  revisions: Revisions;
}

export interface CompactEvent {
  reason: string;
  customInstructions?: string | undefined;
  branchEntries: readonly unknown[];
  preparation: { tokensBefore: number };
}

/** What holds when Pi asks: queued input, the session's branch and the store's revisions now. */
export interface CompactNow {
  pendingInput: boolean;
  /** The live branch: entries may have arrived since Pi prepared the pass from `event.branchEntries`. */
  branch: readonly unknown[];
  revisions: Revisions;
}

export type CompactAnswer =
  | { cancel: true }
  | {
      compaction: {
        summary: string;
        firstKeptEntryId: string;
        tokensBefore: number;
        details: CompactionDetails;
      };
    };

/** Whether this compaction pass is the one `pending` requested. */
export function isOurs(pending: PendingCompaction | null, event: CompactEvent): pending is PendingCompaction {
  return pending !== null && event.reason === "manual" && event.customInstructions === pending.marker;
}

/** Undefined leaves the pass to Pi; cancel ends ours without a boundary. */
export function answerCompaction(
  pending: PendingCompaction | null,
  event: CompactEvent,
  now: CompactNow,
): CompactAnswer | undefined {
  if (!isOurs(pending, event)) return undefined;
  if (staleReason(pending, event, now) !== null) return { cancel: true };
  const { selection, revisions } = pending;
  return {
    compaction: {
      summary: COMPACTION_SUMMARY,
      firstKeptEntryId: selection.keptEntryId,
      tokensBefore: event.preparation.tokensBefore,
      details: {
        powercontextState: {
          kind: "completed-history",
          keptEntryId: selection.keptEntryId,
          seq: selection.seq,
          revisions,
          prefixTokens: selection.prefixTokens,
        },
      },
    },
  };
}

/** Why a pending request no longer holds, or null. */
export function staleReason(
  pending: PendingCompaction,
  event: CompactEvent,
  now: CompactNow,
): "pending_input" | "branch_moved" | "revision_moved" | null {
  if (now.pendingInput) return "pending_input";
  const moved = [event.branchEntries, now.branch].some(
    (branch) => !stillSelected(branch as EntryLike[], pending.selection),
  );
  if (moved) return "branch_moved";
  if (!sameRevisions(pending.revisions, now.revisions)) return "revision_moved";
  return null;
}
