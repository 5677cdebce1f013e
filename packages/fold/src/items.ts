// Maps the messages of Pi's `context` event to session entries, so folds address exact, durable entries.
import type { Item, Message } from "./types.ts";

/** The fields of a Pi session entry this package reads. */
export interface EntryLike {
  type: string;
  id: string;
  timestamp?: string;
  message?: Message;
}

/** The summary text of the no-op compaction an overflow recovery records; its message is never projected. */
export const OVERFLOW_COMPACTION_SUMMARY =
  "[powercontext-fold: overflow recovery; folds made room, nothing was summarized]";

function keyOf(role: string, timestamp: unknown, toolCallId: unknown): string {
  return `${role}|${String(timestamp)}|${typeof toolCallId === "string" ? toolCallId : ""}`;
}

/**
 * Pairs each context message with the session entry it came from (by role, timestamp and tool call id, in order).
 * Messages with no entry get a synthetic `@n` id and are never folded. The overflow-recovery compaction summary is dropped.
 */
export function itemsFromContext(messages: readonly Message[], entries: readonly EntryLike[]): Item[] {
  const queues = new Map<string, string[]>();
  for (const entry of entries) {
    let key: string | null = null;
    if (entry.type === "message" && entry.message !== undefined && entry.message.role !== "system") {
      key = keyOf(entry.message.role, entry.message.timestamp, entry.message.toolCallId);
    } else if (entry.type === "custom_message" && entry.timestamp !== undefined) {
      key = keyOf("custom", Date.parse(entry.timestamp), undefined);
    }
    if (key === null) continue;
    const queue = queues.get(key) ?? [];
    queue.push(entry.id);
    queues.set(key, queue);
  }
  const items: Item[] = [];
  messages.forEach((message, index) => {
    if (message.role === "compactionSummary" && message.summary === OVERFLOW_COMPACTION_SUMMARY) return;
    const id = queues.get(keyOf(message.role, message.timestamp, message.toolCallId))?.shift();
    items.push(id === undefined ? { id: `@${index}`, message, foldable: false } : { id, message, foldable: true });
  });
  return items;
}
