// Pairing from scratch (a cold request), equal to `pairByKeys` (tested) but without key strings where messages and
// entries line up, the usual case. Keys are built only around the places where they do not: a compaction's summary and
// the entries it replaced, an omitted failed attempt, a message another extension injected.
import {
  customKey,
  enqueue,
  entryKey,
  type EntryLike,
  isOverflowSummary,
  messageKey,
  type Pairing,
  pushPaired,
  pushUnpaired,
  queueEntry,
} from "./items.ts";
import type { Message } from "./types.ts";

/**
 * The timestamps of some keyed entries. A plain key (a numeric timestamp, a role without "|") splits back into its
 * fields, so while every entry added is plain, a plain message whose timestamp is missing here shares no entry's key.
 */
interface StampFilter {
  stamps: Set<number>;
  plain: boolean;
}

/** A key of role, timestamp and tool call (custom messages key by content instead). */
function isPlain(role: unknown, timestamp: unknown): timestamp is number {
  return typeof timestamp === "number" && typeof role === "string" && role !== "custom" && !role.includes("|");
}

/** Adds a keyed entry (one `entryKey` does not map to null). A custom message's key never equals a plain one. */
function addStamp(filter: StampFilter, entry: EntryLike): void {
  if (entry.type === "custom_message") return;
  const timestamp = entry.message?.timestamp;
  if (isPlain(entry.message?.role, timestamp)) filter.stamps.add(timestamp);
  else filter.plain = false;
}

/** True when no entry added to the filter can have the message's key. */
function excludes(filter: StampFilter, message: Message): boolean {
  return filter.plain && isPlain(message.role, message.timestamp) && !filter.stamps.has(message.timestamp);
}

/** True when the entry has a pairing key (`entryKey` is not null), without building it. */
function hasKey(entry: EntryLike): boolean {
  if (entry.type === "message") return entry.message !== undefined && entry.message.role !== "system";
  return entry.type === "custom_message";
}

function sameToolCall(a: unknown, b: unknown): boolean {
  return (typeof a === "string" ? a : "") === (typeof b === "string" ? b : "");
}

/** Field by field; true implies `entryKey(entry) === messageKey(message)` (false may still be a match). */
function surelyMatches(entry: EntryLike, message: Message): boolean {
  const own = entry.type === "message" ? entry.message : undefined;
  if (own !== undefined)
    return (
      own.role === message.role &&
      own.timestamp === message.timestamp &&
      sameToolCall(own.toolCallId, message.toolCallId)
    );
  return (
    entry.type === "custom_message" &&
    message.role === "custom" &&
    customKey(entry.customType, entry.content) === messageKey(message)
  );
}

/**
 * Each message pairs with the earliest unpaired entry of its key: one set aside earlier (queued by key), else the next
 * keyed entry when it surely matches, else none when no entry ahead can match, else the first match found by walking
 * ahead, setting aside the entries passed.
 */
export function pairInOrder(messages: readonly Message[], entries: readonly EntryLike[]): Pairing {
  const pairing: Pairing = { items: [], queues: new Map(), unpaired: new Set(), edits: new Map() };
  for (const entry of entries)
    if (entry.type === "context_edit" && typeof entry.targetId === "string")
      pairing.edits.set(entry.targetId, entry.id);
  const passed: StampFilter = { stamps: new Set(), plain: true };
  let ahead: StampFilter | null = null;
  let next = 0;
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as Message;
    if (isOverflowSummary(message)) continue;
    if (pairing.queues.size > 0 && !excludes(passed, message)) {
      const id = pairing.queues.get(messageKey(message))?.shift();
      if (id !== undefined) {
        pushPaired(pairing, id, message);
        continue;
      }
    }
    while (next < entries.length && !hasKey(entries[next] as EntryLike)) next += 1;
    const entry = entries[next];
    if (entry !== undefined && surelyMatches(entry, message)) {
      pushPaired(pairing, entry.id, message);
      next += 1;
      continue;
    }
    if (ahead === null) {
      ahead = { stamps: new Set(), plain: true };
      for (let position = next; position < entries.length; position += 1)
        if (hasKey(entries[position] as EntryLike)) addStamp(ahead, entries[position] as EntryLike);
    }
    if (excludes(ahead, message)) {
      pushUnpaired(pairing, message, index);
      continue;
    }
    const key = messageKey(message);
    let found: EntryLike | null = null;
    for (; next < entries.length && found === null; next += 1) {
      const candidate = entries[next] as EntryLike;
      const candidateKey = entryKey(candidate);
      if (candidateKey === key) found = candidate;
      else if (candidateKey !== null) {
        queueEntry(pairing, candidateKey, candidate.id);
        addStamp(passed, candidate);
      }
    }
    if (found === null) pushUnpaired(pairing, message, index, key);
    else pushPaired(pairing, found.id, message);
  }
  enqueue(pairing, entries, next);
  return pairing;
}
