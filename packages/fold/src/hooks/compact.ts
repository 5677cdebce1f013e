// `session_before_compact`: folding owns threshold compaction; on an overflow it rolls back to before the failed
// request and lets the retry fold. While the context hook is failing, Pi's own compaction runs instead.
import type { FoldRuntime } from "../activate.ts";
import type { FoldContext } from "../host.ts";
import type { EntryLike } from "../items.ts";
import { OVERFLOW_COMPACTION_SUMMARY } from "../session.ts";

export interface CompactEvent {
  reason: string;
  willRetry: boolean;
  branchEntries: readonly unknown[];
  preparation: { tokensBefore: number };
}

export type CompactAnswer =
  | { cancel: true }
  | {
      compaction: {
        summary: string;
        firstKeptEntryId: string;
        tokensBefore: number;
        details: { powercontextFold: "overflow-rollback" };
      };
    };

/** Undefined lets Pi compact as it would without this package. */
export function answerCompaction(
  runtime: FoldRuntime,
  event: CompactEvent,
  ctx: FoldContext,
): CompactAnswer | undefined {
  if (!runtime.folding) {
    runtime.log("compaction.passed", { reason: event.reason, why: "the context hook failed; Pi's compaction runs" });
    return undefined;
  }
  const decision = runtime.sessionFor(ctx).onCompact(event.reason, event.willRetry, event.branchEntries as EntryLike[]);
  if (decision.kind === "pass") return undefined;
  if (decision.kind === "cancel") return { cancel: true };
  if (decision.label !== null) runtime.api.setLabel(decision.label.entryId, decision.label.text);
  runtime.notify(
    ctx,
    "powercontext-fold: context overflow; rolled back to before the failed request, folding and retrying",
    "warning",
  );
  return {
    compaction: {
      summary: OVERFLOW_COMPACTION_SUMMARY,
      firstKeptEntryId: decision.firstKeptEntryId,
      tokensBefore: event.preparation.tokensBefore,
      details: { powercontextFold: "overflow-rollback" },
    },
  };
}
