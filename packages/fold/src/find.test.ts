import assert from "node:assert/strict";
import { test } from "node:test";
import { type ActionWorld, runAction } from "./actions.ts";
import { DEFAULT_THRESHOLDS } from "./config.ts";
import { canonicalBytes } from "./digest.ts";
import { addFold, emptyState } from "./fold.ts";
import { project } from "./projection.ts";
import { generateTranscript, toolResult } from "./testing/transcript.ts";
import type { FoldState, Item } from "./types.ts";

const PLANTED = 'ZEBRA-4471 "quoted"';
const items: Item[] = generateTranscript({ seed: 3, stages: 10 }).map((item) =>
  item.message.role === "toolResult" && item.message.toolCallId === "call_2"
    ? { ...item, message: toolResult("call_2", "read", `header\nkey = ${PLANTED}\nfooter`, 5) }
    : item,
);
const idOf = (index: number): string => (items[index] as Item).id;
const users = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));
const turn = (n: number) => ({ from: idOf(users[n] as number), to: idOf((users[n + 1] as number) - 1) });

/** Three folds of single turns, a fold of folds over them, and a top fold holding that and more. */
function nested(): FoldState {
  const state = emptyState();
  for (let n = 0; n < 3; n += 1) addFold(state, items, { ...turn(n), origin: "top-up", commit: 1 });
  addFold(state, items, { from: turn(0).from, to: turn(2).to, origin: "consolidation", commit: 2 });
  addFold(state, items, { from: turn(0).from, to: turn(5).to, origin: "consolidation", commit: 3 });
  return state;
}

function world(state: FoldState, stored: (sha: string) => string | null = () => null): ActionWorld {
  const base = { state, items, thresholds: DEFAULT_THRESHOLDS, budget: 100_000, blacklist: new Set<string>() };
  return { ...base, stored, status: () => ({}) };
}

const planted = items.findIndex((item) => JSON.stringify(item.message).includes("ZEBRA-4471"));

test("find reports each occurrence once, in the innermost fold, as a range peek returns exactly; nothing moves", () => {
  const state = nested();
  const before = JSON.stringify(project(state, items).messages);
  const holder = Object.values(state.folds).find(
    (fold) => fold.leaves.length < 20 && fold.leaves.includes(idOf(planted)),
  );
  const outcome = runAction(world(state), { action: "find", query: PLANTED });
  assert.equal(outcome.state, undefined, "find changes no state");
  assert.equal(JSON.stringify(project(state, items).messages), before);
  const result = outcome.result as { mode: string; total: number; matches: Record<string, unknown>[] };
  assert.equal(result.mode, "exact");
  assert.equal(result.total, 1);
  const [match] = result.matches as [{ id: string; within: string[]; offset: number; length: number; peek: object }];
  assert.equal(match.id, holder?.id);
  assert.deepEqual(match.within, ["F5", "F4"]);
  const peeked = runAction(world(state), match.peek as { action: string }).result as { offset: number; source: string };
  const at = match.offset - peeked.offset;
  assert.equal(peeked.source.slice(at, at + match.length), JSON.stringify(PLANTED).slice(1, -1));
  const source = canonicalBytes(items.slice(users[0], users[1]).map((item) => item.message));
  assert.equal(source.slice(match.offset, match.offset + match.length), 'ZEBRA-4471 \\"quoted\\"');
});

test("without an exact match find looks for the same letters in any case; an empty query is refused", () => {
  const state = nested();
  const loose = runAction(world(state), { action: "find", query: "zebra-4471" }).result;
  assert.equal(loose.mode, "ignore-case");
  assert.equal(loose.total, 1);
  const none = runAction(world(state), { action: "find", query: "no such text anywhere" }).result;
  assert.deepEqual([none.total, none.matches], [0, []]);
  assert.throws(() => runAction(world(state), { action: "find", query: "" }), /find needs "query"/);
});

test("a fold whose source no copy matches is reported unverified and not searched", () => {
  const state = emptyState();
  addFold(state, items, { ...turn(0), origin: "agent", commit: 1 });
  const gone = items.slice(users[1]);
  const forged = (): string => "[]";
  const result = runAction({ ...world(state, forged), items: gone }, { action: "find", query: "ZEBRA" }).result;
  assert.deepEqual([result.total, result.unverified], [0, ["F1"]]);
});
