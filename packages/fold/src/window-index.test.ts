// The incremental pairing and the memoized view equal their from-scratch versions on every request of generated
// sessions that append, edit an earlier entry, gain an entry for an unpaired message, and switch branches.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sha256Hex } from "./digest.ts";
import { itemsFromContext, type EntryLike } from "./items.ts";
import { defaultTokensOf } from "./schedule.ts";
import { committedState } from "./testing/committed.ts";
import { generateTranscript, seededRandom, user } from "./testing/transcript.ts";
import type { Item, Message } from "./types.ts";
import { buildView, extendView, type Measures, type View } from "./view.ts";
import { WindowIndex } from "./window-index.ts";

const measures: Measures = {
  ofItem: (item) => ({ tokens: defaultTokensOf(item), digest: sha256Hex(JSON.stringify(item.message)).slice(0, 12) }),
  ofBrief: (_fold, message) => ({
    tokens: defaultTokensOf({ id: "", message, foldable: false }),
    digest: sha256Hex(JSON.stringify(message)).slice(0, 12),
  }),
};

test("incremental pairing equals a full pairing on every request, and keeps only what is unchanged", () => {
  for (let seed = 1; seed <= 12; seed += 1) {
    const random = seededRandom(seed * 104729);
    const all = generateTranscript({ seed, stages: 12, batches: 3, resultChars: 200 });
    let entries: EntryLike[] = all.map((item) => ({ type: "message", id: item.id, message: item.message }));
    const index = new WindowIndex();
    let previous: Item[] = [];
    let injected: Message | null = null;
    for (let length = 1; length <= all.length; length += 1 + Math.floor(random() * 3)) {
      const roll = random();
      let branch = entries.slice(0, length);
      if (roll < 0.08 && length > 4) {
        // an edit of an earlier entry: a context_edit entry; the message Pi hands over carries the new content
        const target = all[Math.floor(random() * (length - 1))] as Item;
        entries = [...entries, { type: "context_edit", id: `x${length}`, targetId: target.id }];
      } else if (roll < 0.14) {
        // a message with no entry yet (another extension's injection) that later gets one
        injected = user(`injected ${length}`, 1);
      } else if (roll < 0.2 && length > 4) {
        // a branch switch: different entry objects for the same ids
        entries = entries.map((entry) => ({ ...entry }));
        branch = entries.slice(0, length);
      }
      const edits = entries.filter((entry) => entry.type === "context_edit");
      const context = [...branch, ...edits];
      const messages = branch.map((entry) => structuredClone(entry.message as Message));
      if (injected !== null) messages.push(structuredClone(injected));
      if (injected !== null && random() < 0.3) {
        context.push({ type: "message", id: `i${length}`, message: injected });
        injected = null;
      }
      const paired = index.update(messages, context);
      const expected = itemsFromContext(messages, context);
      assert.deepEqual(paired.items, expected, `seed ${seed} length ${length}`);
      for (let position = 0; position < paired.kept; position += 1) {
        assert.equal(paired.items[position]?.id, previous[position]?.id);
        assert.equal(paired.items[position]?.rev, previous[position]?.rev);
      }
      previous = paired.items;
    }
  }
});

test("an extended view equals the view built from scratch; a state change or a changed prefix rebuilds", () => {
  for (let seed = 1; seed <= 8; seed += 1) {
    const all = generateTranscript({ seed, stages: 20, batches: 3, resultChars: 400 });
    const half = all.slice(0, Math.floor(all.length / 2));
    const state = committedState(half);
    let view: View = buildView(state, half, measures);
    assert.ok(view.projection.folds.length > 0);
    for (let length = half.length + 1; length <= all.length; length += 2) {
      const items = all.slice(0, length).map((item) => ({ ...item, message: structuredClone(item.message) }));
      const extended = extendView(view, state, items, view.count, measures);
      assert.ok(extended !== null);
      assert.deepEqual(extended, buildView(state, items, measures));
      view = extended;
    }
    assert.equal(extendView(view, structuredClone(state), all, view.count, measures), null);
    assert.equal(extendView(view, state, all, view.count - 1, measures), null);
  }
});
