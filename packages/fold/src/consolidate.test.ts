import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyState, verifiedSource } from "./fold.ts";
import { DEFAULT_THRESHOLDS } from "./config.ts";
import { project } from "./projection.ts";
import { commit, projectionTokens } from "./schedule.ts";
import { generateTranscript } from "./testing/transcript.ts";
import { findLinkageViolation } from "./transcript.ts";

// Tool-heavy stages: top-up folds tool batches first, so every folded chapter keeps raw user/answer messages between
// its briefs and no two briefs of different chapters are adjacent (the case adjacent-run merging alone never fixed).
const items = generateTranscript({ seed: 5, stages: 30, batches: 4, resultChars: 900 });
const budget = Math.ceil(projectionTokens(emptyState(), items) / 0.85);
const base = { items, budget, blacklist: new Set<string>(), trigger: "threshold" as const, topUp: true };

test("past consolidateAfter, closed chapters holding folds fold whole and consolidation runs to completion", () => {
  const without = commit({
    ...base,
    state: emptyState(),
    thresholds: { ...DEFAULT_THRESHOLDS, consolidateAfter: 1000 },
  });
  const visibleWithout = project(without.state, items).folds.length;
  assert.ok(visibleWithout > 10, `fixture: ${visibleWithout} briefs without consolidation`);
  const { state, record } = commit({ ...base, state: emptyState(), thresholds: DEFAULT_THRESHOLDS });
  const projection = project(state, items);
  assert.ok(
    projection.folds.length <= DEFAULT_THRESHOLDS.consolidateAfter,
    `visible folds ${projection.folds.length} (was ${visibleWithout})`,
  );
  const consolidated = Object.values(state.folds).filter((fold) => fold.origin === "consolidation");
  assert.ok(
    consolidated.some((fold) => fold.children.length >= 2),
    "folds of folds were made",
  );
  for (const fold of consolidated) assert.ok(record.topUp.includes(fold.id), "consolidation is recorded as top-up");
  assert.ok(record.tokensAfter <= without.record.tokensAfter, "consolidation never leaves the window larger");
  assert.equal(findLinkageViolation(projection.messages), null);
  for (const fold of Object.values(state.folds)) assert.equal(verifiedSource(fold, items, null).sha256, fold.sha256);
});

test("consolidation never absorbs a protected span or an expanded fold", () => {
  const first = commit({ ...base, state: emptyState(), thresholds: { ...DEFAULT_THRESHOLDS, consolidateAfter: 1000 } });
  const state = structuredClone(first.state);
  const users = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));
  const from = items[users[2] as number]?.id as string;
  const to = items[(users[3] as number) - 1]?.id as string;
  state.protections.push({ id: "P1", from, to });
  const expanded = Object.values(state.folds).find(
    (fold) => fold.parent === null && items.findIndex((item) => item.id === fold.leaves[0]) > (users[5] as number),
  );
  assert.ok(expanded !== undefined);
  expanded.expanded = true;
  const { state: next } = commit({ ...base, state, thresholds: DEFAULT_THRESHOLDS });
  assert.ok(
    Object.values(next.folds).some((fold) => fold.origin === "consolidation" && fold.children.length >= 2),
    "consolidation ran around them",
  );
  const protectedIds = new Set(items.slice(users[2], users[3]).map((item) => item.id));
  for (const fold of Object.values(next.folds)) {
    if (fold.origin !== "consolidation") continue;
    assert.ok(!fold.leaves.some((leaf) => protectedIds.has(leaf)), `${fold.id} absorbed the protected span`);
    assert.ok(!fold.leaves.includes(expanded.leaves[0] as string), `${fold.id} absorbed expanded ${expanded.id}`);
  }
  assert.equal(next.folds[expanded.id]?.expanded, true);
});
