import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyState } from "./fold.ts";
import { DEFAULT_THRESHOLDS } from "./config.ts";
import { project } from "./projection.ts";
import { commit, defaultTokensOf, freshStart, projectionTokens } from "./schedule.ts";
import { generateTranscript } from "./testing/transcript.ts";
import { unitsOf } from "./transcript.ts";
import type { FoldState } from "./types.ts";

const items = generateTranscript({ seed: 11, stages: 20 });
const total = projectionTokens(emptyState(), items);
const budget = Math.ceil(total / 0.85);
const base = { items, thresholds: DEFAULT_THRESHOLDS, budget, blacklist: new Set<string>() };
const userIds = items.filter((item) => item.message.role === "user").map((item) => item.id);
const beforeUser = (n: number): string =>
  (items[items.findIndex((item) => item.id === userIds[n]) - 1] as { id: string }).id;

function withMark(state: FoldState, from: string, to: string): FoldState {
  state.marks.push({ id: `M${state.nextMark}`, kind: "fold", from, to, origin: "agent" });
  state.nextMark += 1;
  return state;
}

test("a threshold commit applies the agent's marks and tops up to minTarget, recording which was which", () => {
  const state = withMark(emptyState(), userIds[2] as string, beforeUser(3));
  const { state: next, record } = commit({ ...base, state, trigger: "threshold", topUp: true });
  assert.deepEqual(record.agentMarks, ["M1"]);
  assert.ok(record.topUp.length > 0);
  assert.equal(record.folded.length, record.topUp.length + 1);
  assert.ok(
    record.tokensAfter <= DEFAULT_THRESHOLDS.minTarget * budget,
    `${record.tokensAfter} > ${DEFAULT_THRESHOLDS.minTarget * budget}`,
  );
  assert.equal(next.marks.length, 0);
  assert.equal(next.commits.length, 1);
});

test("a person or expand commit applies the marks only, with no top-up", () => {
  const state = withMark(emptyState(), userIds[2] as string, beforeUser(3));
  const { record } = commit({ ...base, state, trigger: "person", topUp: false });
  assert.deepEqual(record.topUp, []);
  assert.deepEqual(record.folded, ["F1"]);
});

test("a pending mark that became protected is refused by name at commit and the rest still apply", () => {
  const state = withMark(
    withMark(emptyState(), userIds[2] as string, beforeUser(3)),
    userIds[4] as string,
    beforeUser(5),
  );
  state.protections.push({ id: "P9", from: userIds[2] as string, to: userIds[2] as string });
  const { record } = commit({ ...base, state, trigger: "person", topUp: false });
  assert.deepEqual(
    record.refused.map((refusal) => refusal.mark),
    ["M1"],
  );
  assert.match(record.refused[0]?.reason ?? "", /M1 .* protected by P9/);
  assert.deepEqual(record.agentMarks, ["M2"]);
});

test("top-up never folds protected spans, the fresh tail, the open turn's request, or blacklisted tools", () => {
  const state = emptyState();
  state.protections.push({ id: "P1", from: userIds[0] as string, to: beforeUser(1) });
  const { state: next } = commit({
    ...base,
    state,
    trigger: "threshold",
    topUp: true,
    blacklist: new Set(["grep"]),
    thresholds: { ...DEFAULT_THRESHOLDS, minTarget: 0.05, freshTail: 0.04 },
  });
  const visible = new Set(project(next, items).nodes);
  const protectedIds = items
    .slice(
      0,
      items.findIndex((item) => item.id === userIds[1]),
    )
    .map((item) => item.id);
  for (const id of protectedIds) assert.ok(visible.has(id), `protected ${id} was folded`);
  const fresh = freshStart(items, unitsOf(items), budget, 0.04, defaultTokensOf);
  for (const item of items.slice(fresh)) assert.ok(visible.has(item.id), `fresh ${item.id} was folded`);
  assert.ok(visible.has(userIds.at(-1) as string));
  for (const fold of Object.values(next.folds)) {
    const grep = fold.leaves.some((leaf) =>
      JSON.stringify(items.find((item) => item.id === leaf)?.message).includes('"name":"grep"'),
    );
    if (grep)
      assert.notEqual(
        fold.origin === "top-up" && fold.leaves.length <= 4,
        true,
        `grep batch ${fold.id} folded by the tool rung`,
      );
  }
});

test("past consolidateAfter visible folds, adjacent folds are consolidated into folds of folds", () => {
  const { state: next, record } = commit({
    ...base,
    state: emptyState(),
    trigger: "threshold",
    topUp: true,
    thresholds: { ...DEFAULT_THRESHOLDS, minTarget: 0.05, consolidateAfter: 3 },
  });
  assert.ok(project(next, items).folds.length <= 3 + 1, `visible folds ${project(next, items).folds.length}`);
  assert.ok(Object.values(next.folds).some((fold) => fold.origin === "consolidation" && fold.children.length >= 2));
  assert.ok(record.topUp.length > 0);
});
