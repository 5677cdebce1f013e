import assert from "node:assert/strict";
import { test } from "node:test";
import { TOOL_NAME } from "./brief.ts";
import { addFold, emptyState, expandFold } from "./fold.ts";
import { projectionCandidates } from "./projection-candidates.ts";
import { generateTranscript } from "./testing/transcript.ts";
import type { Item } from "./types.ts";

const items = generateTranscript({ seed: 4, stages: 8 });
const idOf = (index: number): string => (items[index] as Item).id;
const users = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));
const turn = (n: number) => ({ from: idOf(users[n] as number), to: idOf((users[n + 1] as number) - 1) });

test("one candidate per visible collapsed fold, in window order, with the seed's fields and costs", () => {
  const state = emptyState();
  for (const n of [4, 0, 1, 2]) addFold(state, items, { ...turn(n), origin: "top-up", commit: 1 });
  const parent = addFold(state, items, { from: turn(0).from, to: turn(2).to, origin: "consolidation", commit: 2 });
  assert.deepEqual(
    projectionCandidates(state, items).map((candidate) => candidate.source_id),
    [parent.id, "F1"],
    "the parent shows, its children do not; window order, not creation order",
  );
  expandFold(state, parent.id);
  const candidates = projectionCandidates(state, items);
  assert.deepEqual(
    candidates.map((candidate) => [candidate.source_id, candidate.rank]),
    [
      ["F2", 0],
      ["F3", 1],
      ["F4", 2],
      ["F1", 3],
    ],
  );
  const first = candidates[0];
  const fold = state.folds.F2;
  assert.ok(first !== undefined && fold !== undefined);
  assert.deepEqual(first, {
    horizon: "working",
    source_id: "F2",
    source_version: fold.sha256,
    route: { tool: TOOL_NAME, arguments: { action: "expand", id: "F2" } },
    token_cost: Math.ceil(fold.brief.length / 4),
    expansion_cost: Math.ceil(fold.bytes / 4),
    rank: 0,
  });
  assert.ok(first.expansion_cost > first.token_cost);
  assert.deepEqual(projectionCandidates(emptyState(), items), []);
});
