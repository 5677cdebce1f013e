// The `context` hook: project the window (folds as briefs), commit at the threshold, and tell the person and the
// agent what changed. A request that cannot be served within the budget is stopped.
import type { FoldRuntime } from "../activate.ts";
import type { FoldContext } from "../host.ts";
import type { EntryLike } from "../items.ts";
import { systemMessagesOf, withSystemMessages } from "../system-messages.ts";
import { WAYPOINT_NOTICE_TYPE, waypointMessage } from "../notices.ts";
import { overflowNotice, OVERFLOW_NOTICE_TYPE } from "../overflow-notice.ts";
import type { ContextDecision } from "../session.ts";
import type { Message } from "../types.ts";

/** Resolves the projected messages, or undefined when the window is sent as Pi built it. */
export async function projectContext(
  runtime: FoldRuntime,
  event: { messages: readonly unknown[] },
  ctx: FoldContext,
): Promise<{ messages: Message[] } | undefined> {
  runtime.folding = false;
  runtime.projected = null;
  const entries = ctx.sessionManager.buildContextEntries() as EntryLike[];
  const decision = await runtime.sessionFor(ctx).onContext(event.messages as Message[], entries, ctx.model);
  runtime.folding = true;
  if (decision.kind === "blocked") {
    runtime.notify(ctx, decision.verdict.message, "error");
    ctx.abort();
    return undefined;
  }
  if (runtime.options.guidance.thresholdNotices) announceWaypoints(runtime, ctx, decision);
  if (decision.kind === "unchanged") return undefined;
  const commit = decision.commit;
  if (commit?.trigger === "overflow")
    runtime.api.sendMessage(
      { customType: OVERFLOW_NOTICE_TYPE, content: overflowNotice(commit), display: true },
      { triggerTurn: false },
    );
  if (commit !== null && commit.folded.length > 0 && runtime.options.guidance.thresholdNotices)
    runtime.notify(
      ctx,
      `powercontext-fold: commit ${commit.commit} folded ${commit.folded.length} span(s), ~${commit.tokensBefore} → ~${commit.tokensAfter} tokens`,
      "info",
    );
  runtime.projected = { messages: decision.messages, entries };
  return { messages: decision.messages };
}

/**
 * `context_with_system` (Pi 0.87 and later, after every `context` handler): when Pi rebuilt the system messages
 * because this request's conversation is fold's projection, the transcript's own system messages go back in place
 * (see system-messages.ts). Anything else, e.g. a later handler that changed the conversation again, is left as it is.
 */
export function systemMessagesInPlace(
  runtime: FoldRuntime,
  event: { messages: readonly unknown[] },
  ctx: FoldContext,
): { messages: Message[] } | undefined {
  const projected = runtime.projected;
  const conversation = event.messages.slice(1);
  if (projected === null || conversation.length !== projected.messages.length) return undefined;
  if (conversation.some((message, position) => message !== projected.messages[position])) return undefined;
  const session = runtime.sessionFor(ctx);
  // The entries the `context` hook built this request from: the same request, so they are not built again.
  const placed = systemMessagesOf(projected.entries);
  const messages = withSystemMessages(projected.messages, placed, (entryId) => session.positionOf(entryId));
  return messages === null ? undefined : { messages };
}

/** Occupancy waypoints: a notification each for the person, one appended message for the agent. */
function announceWaypoints(
  runtime: FoldRuntime,
  ctx: FoldContext,
  decision: Exclude<ContextDecision, { kind: "blocked" }>,
): void {
  for (const notice of decision.notices) runtime.notify(ctx, notice.text, "info");
  const waypoint = waypointMessage(decision.notices, runtime.options.thresholds.maxTarget);
  if (waypoint !== null)
    runtime.api.sendMessage(
      { customType: WAYPOINT_NOTICE_TYPE, content: waypoint, display: true },
      { deliverAs: "nextTurn" },
    );
}
