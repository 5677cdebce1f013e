// Incremental pairing of the `context` event with session entries: a request that only appends to the previous one
// (the common case between commits) reuses the previous pairing and pairs only the new tail.
import { pairInOrder } from "./in-order-pairing.ts";
import { enqueue, entryKey, isOverflowSummary, pairMessages, type EntryLike, type Pairing } from "./items.ts";
import type { Item, Message } from "./types.ts";

export interface Paired {
  items: Item[];
  /** Items [0, kept) have the same ids, revisions and positions as the previous call's items. */
  kept: number;
}

function sameKey(a: Message, b: Message): boolean {
  return a.role === b.role && a.timestamp === b.timestamp && a.toolCallId === b.toolCallId;
}

export class WindowIndex {
  private entries: readonly EntryLike[] = [];
  private messages: readonly Message[] = [];
  private pairing: Pairing | null = null;

  /** Pairs messages with entries; equal to `itemsFromContext` (tested), in O(new messages) when only appended. */
  update(messages: readonly Message[], entries: readonly EntryLike[]): Paired {
    const kept = this.pairing === null ? -1 : this.extend(this.pairing, messages, entries);
    if (kept < 0) this.pairing = pairInOrder(messages, entries);
    this.entries = entries;
    this.messages = messages;
    return { items: (this.pairing as Pairing).items, kept: Math.max(kept, 0) };
  }

  /** Extends the previous pairing in place; returns the number of kept items, or -1 when a full pairing is needed. */
  private extend(previous: Pairing, messages: readonly Message[], entries: readonly EntryLike[]): number {
    const oldEntries = this.entries;
    const oldMessages = this.messages;
    if (entries.length < oldEntries.length || messages.length < oldMessages.length) return -1;
    // Session entries are the session manager's stored objects: same identity means same entry.
    for (let position = 0; position < oldEntries.length; position += 1)
      if (entries[position] !== oldEntries[position]) return -1;
    for (let position = 0; position < oldMessages.length; position += 1)
      if (!sameKey(messages[position] as Message, oldMessages[position] as Message)) return -1;
    for (let position = oldEntries.length; position < entries.length; position += 1) {
      const entry = entries[position] as EntryLike;
      // An edit changes an earlier message's content; a new entry matching an unpaired message changes its pairing.
      if (entry.type === "context_edit") return -1;
      const key = entryKey(entry);
      if (key !== null && previous.unpaired.has(key)) return -1;
    }
    const kept = previous.items.length;
    // New items carry the new deep copies: same ids and revisions, the bytes Pi hands us this time.
    const items: Item[] = [];
    for (let position = 0; position < oldMessages.length; position += 1) {
      const message = messages[position] as Message;
      if (isOverflowSummary(message)) continue;
      items.push({ ...(previous.items[items.length] as Item), message });
    }
    previous.items = items;
    enqueue(previous, entries, oldEntries.length);
    pairMessages(previous, messages, oldMessages.length);
    return kept;
  }
}
