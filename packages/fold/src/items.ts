// Maps the messages of Pi's `context` event to session entries, so folds address exact, durable entries.
import type { Item, Message } from "./types.ts";

/** The fields of a Pi session entry this package reads. */
export interface EntryLike {
  type: string;
  id: string;
  timestamp?: string;
  message?: Message;
  /** `custom_message` entries: what their message carries. */
  customType?: string;
  content?: unknown;
  /** `context_edit` entries: the entry whose content they replace. */
  targetId?: string;
  /** `compaction` entries (Pi 0.86 and later): the prompt state at the boundary, leading the compacted window. */
  systemMessage?: unknown;
}

/** The summary text of the no-op compaction an overflow recovery records; its message is never projected. */
export const OVERFLOW_COMPACTION_SUMMARY =
  "[powercontext-fold: overflow recovery; folds made room, nothing was summarized]";

export function keyOf(role: string, timestamp: unknown, toolCallId: unknown): string {
  return `${role}|${String(timestamp)}|${typeof toolCallId === "string" ? toolCallId : ""}`;
}

/**
 * An extension's custom message pairs by its type and content, not its timestamp: Pi 0.82.1 stamps the message when
 * it is sent and its entry when it is appended. Identical ones pair in order.
 */
export function customKey(customType: unknown, content: unknown): string {
  return `custom|${String(customType)}|${JSON.stringify(content ?? [])}`;
}

/** The pairing key of an entry, or null when the entry projects no message this package pairs. */
export function entryKey(entry: EntryLike): string | null {
  if (entry.type === "message" && entry.message !== undefined && entry.message.role !== "system")
    return keyOf(entry.message.role, entry.message.timestamp, entry.message.toolCallId);
  if (entry.type === "custom_message") return customKey(entry.customType, entry.content);
  return null;
}

export function messageKey(message: Message): string {
  if (message.role === "custom") return customKey(message.customType, message.content);
  return keyOf(message.role, message.timestamp, message.toolCallId);
}

/** True for the no-op compaction summary an overflow recovery records. */
export function isOverflowSummary(message: Message): boolean {
  return message.role === "compactionSummary" && message.summary === OVERFLOW_COMPACTION_SUMMARY;
}

/** The result of pairing, with what an incremental pairing needs to continue from it. */
export interface Pairing {
  items: Item[];
  /** Entries not yet paired, by key, in session order. */
  queues: Map<string, string[]>;
  /** Keys of messages that found no entry (their items are synthetic). */
  unpaired: Set<string>;
  /** Entry id → id of the latest `context_edit` entry that targets it. */
  edits: Map<string, string>;
}

/** Adds entries to a pairing's queues and edit map. */
export function enqueue(pairing: Pairing, entries: readonly EntryLike[], from = 0): void {
  for (let position = from; position < entries.length; position += 1) {
    const entry = entries[position] as EntryLike;
    if (entry.type === "context_edit" && typeof entry.targetId === "string")
      pairing.edits.set(entry.targetId, entry.id);
    const key = entryKey(entry);
    if (key !== null) queueEntry(pairing, key, entry.id);
  }
}

/** Queues one unpaired entry behind the earlier ones with its key. */
export function queueEntry(pairing: Pairing, key: string, id: string): void {
  const queue = pairing.queues.get(key);
  if (queue === undefined) pairing.queues.set(key, [id]);
  else queue.push(id);
}

/** Appends the item of a message paired with entry `id`. */
export function pushPaired(pairing: Pairing, id: string, message: Message): void {
  const rev = pairing.edits.get(id);
  pairing.items.push(rev === undefined ? { id, message, foldable: true } : { id, message, foldable: true, rev });
}

/** Appends the synthetic item of message `index`, which found no entry. */
export function pushUnpaired(pairing: Pairing, message: Message, index: number, key = messageKey(message)): void {
  pairing.unpaired.add(key);
  pairing.items.push({ id: `@${index}`, message, foldable: false });
}

/** Pairs messages[from..] and appends their items. */
export function pairMessages(pairing: Pairing, messages: readonly Message[], from = 0): void {
  for (let index = from; index < messages.length; index += 1) {
    const message = messages[index] as Message;
    if (isOverflowSummary(message)) continue;
    const key = messageKey(message);
    const id = pairing.queues.get(key)?.shift();
    if (id === undefined) pushUnpaired(pairing, message, index, key);
    else pushPaired(pairing, id, message);
  }
}

/** Pairs every message from scratch, by key queues: the definition `pairInOrder` is tested against. */
export function pairByKeys(messages: readonly Message[], entries: readonly EntryLike[]): Pairing {
  const pairing: Pairing = { items: [], queues: new Map(), unpaired: new Set(), edits: new Map() };
  enqueue(pairing, entries);
  pairMessages(pairing, messages);
  return pairing;
}

/**
 * Pairs each context message with the session entry it came from (by role, timestamp and tool call id, or a custom
 * message's type and content, in order).
 * Messages with no entry get a synthetic `@n` id and are never folded. The overflow-recovery compaction summary is dropped.
 */
export function itemsFromContext(messages: readonly Message[], entries: readonly EntryLike[]): Item[] {
  return pairByKeys(messages, entries).items;
}
