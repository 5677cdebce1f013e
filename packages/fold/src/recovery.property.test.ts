// Property tests over generated transcripts: every fold recovers its exact bytes, projections keep tool linkage, and
// between commits the projection only ever grows at the tail.
import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalBytes } from "./digest.ts";
import { emptyState, expandFold, verifiedSource, visibleCollapsed } from "./fold.ts";
import { commonPrefix, type SentWindow } from "./ledger.ts";
import { measureMessage } from "./message-measure.ts";
import { DEFAULT_THRESHOLDS } from "./config.ts";
import { project } from "./projection.ts";
import { commit, projectionTokens } from "./schedule.ts";
import { generateTranscript, seededRandom } from "./testing/transcript.ts";
import { findLinkageViolation } from "./transcript.ts";
import type { Message } from "./types.ts";

/** Fresh measures at every position: the comparison goes by the digests of the bytes. */
function sent(messages: readonly Message[]): SentWindow {
  return { messages, measures: messages.map(measureMessage) };
}

const SEEDS = Array.from({ length: 25 }, (_, index) => index + 1);

test("over generated sessions: linkage holds in every projection, every fold recovers exactly, and only commits rewrite", () => {
  for (const seed of SEEDS) {
    const random = seededRandom(seed * 7919);
    const all = generateTranscript({ seed, stages: 30, batches: 4, resultChars: 300 + Math.floor(random() * 900) });
    const budget = Math.ceil(projectionTokens(emptyState(), all) / (1.5 + random() * 2));
    let state = emptyState();
    let previous = sent([]);
    let commits = 0;
    for (let length = 2; length <= all.length; length += 1 + Math.floor(random() * 3)) {
      const items = all.slice(0, length);
      if (items.at(-1)?.message.role === "assistant" && JSON.stringify(items.at(-1)?.message).includes("toolCall"))
        continue;
      let projection = project(state, items);
      assert.equal(
        commonPrefix(previous, sent(projection.messages)),
        previous.measures.length,
        `seed ${seed}: rewrite without a commit at length ${length}`,
      );
      if (projectionTokens(state, items) >= DEFAULT_THRESHOLDS.maxTarget * budget) {
        if (random() < 0.5 && visibleCollapsed(state).length > 0) {
          const target = visibleCollapsed(state)[0];
          if (target !== undefined) expandFold(state, target.id);
        }
        state = commit({
          state,
          items,
          thresholds: DEFAULT_THRESHOLDS,
          budget,
          blacklist: new Set(),
          trigger: "threshold",
          topUp: true,
        }).state;
        commits += 1;
        projection = project(state, items);
      }
      assert.equal(findLinkageViolation(projection.messages), null, `seed ${seed}: linkage`);
      previous = sent(projection.messages);
    }
    assert.ok(commits > 0, `seed ${seed}: no commit happened`);
    const byId = new Map(all.map((item) => [item.id, item.message]));
    for (const fold of Object.values(state.folds)) {
      const expected = canonicalBytes(fold.leaves.map((leaf) => byId.get(leaf) ?? { role: "missing" }));
      assert.equal(verifiedSource(fold, all, null).text, expected, `seed ${seed}: fold ${fold.id} recovers`);
      for (const child of fold.children) assert.equal(state.folds[child]?.parent, fold.id);
    }
    for (let leaf = 0; leaf < all.length; leaf += 1) {
      const owners = Object.values(state.folds).filter((fold) =>
        fold.leaves.includes((all[leaf] as { id: string }).id),
      );
      for (const a of owners)
        for (const b of owners) {
          const nested = a.leaves.every((id) => b.leaves.includes(id)) || b.leaves.every((id) => a.leaves.includes(id));
          assert.ok(nested, `seed ${seed}: folds ${a.id} and ${b.id} partially overlap`);
        }
    }
  }
});
