import assert from "node:assert/strict";
import { test } from "node:test";
import { pairInOrder } from "./in-order-pairing.ts";
import { type EntryLike, OVERFLOW_COMPACTION_SUMMARY, type Pairing, pairByKeys } from "./items.ts";
import { generateTranscript, seededRandom } from "./testing/transcript.ts";
import type { Item, Message } from "./types.ts";

function observable(pairing: Pairing): unknown {
  return {
    items: pairing.items,
    queues: [...pairing.queues].filter(([, ids]) => ids.length > 0).sort(([a], [b]) => (a < b ? -1 : 1)),
    unpaired: [...pairing.unpaired].sort(),
    edits: [...pairing.edits].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

/** A message with no entry, one key field away from `near` (or on its key, or on a key only its string shares). */
function injected(near: Message, earlier: Message | undefined, roll: number): Message {
  const copy = { ...structuredClone(near), content: "injected" };
  if (roll < 0.15) return { ...copy, timestamp: (near.timestamp ?? 0) + 1 };
  if (roll < 0.3) return { ...copy, toolCallId: `${near.toolCallId ?? "call"}-other` };
  if (roll < 0.45) return { ...copy, role: `${near.role}-other` };
  if (roll < 0.6) return { ...copy, timestamp: earlier?.timestamp ?? 0 };
  if (roll < 0.7) return { ...copy, timestamp: String(near.timestamp) as unknown as number };
  return copy;
}

/** One generated context: entries and messages that line up except where the roll of the dice says otherwise. */
function generateContext(seed: number): { messages: Message[]; entries: EntryLike[] } {
  const random = seededRandom(seed * 65_537);
  const all = generateTranscript({ seed, stages: 6, batches: 2, resultChars: 40 });
  const entries: EntryLike[] = [];
  const messages: Message[] = [];
  const compacted = random() < 0.3 ? Math.floor(random() * all.length) : 0;
  for (const item of all.slice(0, compacted)) entries.push({ type: "message", id: item.id, message: item.message });
  if (compacted > 0) {
    entries.push({ type: "compaction", id: "compaction" });
    const stamp = random() < 0.5 ? 0 : all[Math.floor(random() * all.length)]?.message.timestamp;
    messages.push({ role: "compactionSummary", summary: "earlier work", timestamp: stamp });
  } else if (random() < 0.2)
    messages.push({ role: "compactionSummary", summary: OVERFLOW_COMPACTION_SUMMARY, timestamp: 0 });
  let previous: Item | undefined;
  for (const item of all.slice(compacted)) {
    const roll = random();
    if (roll < 0.04) entries.push({ type: "model_change", id: `m${entries.length}` });
    else if (roll < 0.07) entries.push({ type: "message", id: `s${entries.length}`, message: { role: "system" } });
    else if (roll < 0.1) {
      const timestamp = new Date(1_700_000_000_000 + entries.length).toISOString();
      const content = random() < 0.5 ? "note" : [{ type: "text", text: `note ${entries.length}` }];
      entries.push({ type: "custom_message", id: `c${entries.length}`, timestamp, customType: "note", content });
      if (random() < 0.3) messages.push({ role: "custom", customType: "note", content: "stray", timestamp: 1 });
      // Pi 0.82.1 stamps a custom message when it is sent, its entry when it is appended.
      const skew = random() < 0.5 ? 0 : 7;
      messages.push({ role: "custom", customType: "note", content, timestamp: Date.parse(timestamp) + skew });
    } else if (roll < 0.2) messages.push(injected(item.message, previous?.message, random()));
    else if (roll < 0.23 && entries.length > 0)
      entries.push({ type: "context_edit", id: `x${entries.length}`, targetId: entries[0]?.id });
    else if (roll < 0.25) {
      // keys that only their strings share: "a|1" + "|" + "2" + "|" + "" and "a" + "|" + "1" + "|" + "2|"
      entries.push({ type: "message", id: `p${entries.length}`, message: { role: "a|1", timestamp: 2 } });
      messages.push({ role: "a", timestamp: 1, toolCallId: "2|" });
    }
    previous = item;
    const entry = { type: "message", id: item.id, message: item.message };
    const placement = random();
    if (placement < 0.04) continue;
    if (placement < 0.08) {
      entries.push(entry);
      continue;
    }
    if (placement < 0.1 && entries.length > 0) entries.splice(entries.length - 1, 0, entry);
    else entries.push(entry);
    messages.push(structuredClone(item.message));
  }
  if (random() < 0.3) entries.push({ type: "message", id: "unsent", message: { role: "user", timestamp: 1 } });
  return { messages, entries };
}

test("pairing in order equals pairing by key queues, whatever entries and messages fail to line up", () => {
  let misaligned = 0;
  for (let seed = 1; seed <= 200; seed += 1) {
    const { messages, entries } = generateContext(seed);
    const expected = pairByKeys(messages, entries);
    if (expected.unpaired.size > 0 && [...expected.queues.values()].some((ids) => ids.length > 0)) misaligned += 1;
    assert.deepEqual(observable(pairInOrder(messages, entries)), observable(expected), `seed ${seed}`);
  }
  assert.ok(misaligned > 100, `only ${misaligned} sessions had both unpaired messages and unpaired entries`);
});
