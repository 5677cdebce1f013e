import assert from "node:assert/strict";
import { test } from "node:test";
import { acceptBrief, BRIEF_MAX_CHARS } from "./brief.ts";
import { INDEX_MAX_CHARS, indexSpan, renderIndex } from "./brief-index.ts";
import { addFold, emptyState } from "./fold.ts";
import { assistantCalls, assistantText, generateTranscript, toolResult, user } from "./testing/transcript.ts";
import type { Item } from "./types.ts";

const work = [
  user("find where the ZEBRA-4471 token is configured", 1),
  assistantCalls(
    [
      { id: "call_a", name: "read", args: { path: "config/zoo.yaml" } },
      { id: "call_b", name: "bash", args: { command: "grep -rn ZEBRA src\nexit" } },
    ],
    2,
  ),
  toolResult("call_a", "read", "# Animal settings\nzebra: ZEBRA-4471\nparseZooConfig reads this", 3),
  toolResult("call_b", "bash", "src/zoo/load.ts: parseZooConfig(ZEBRA-4471)", 4),
  assistantText("ZEBRA-4471 is set in config/zoo.yaml and read by parseZooConfig", 5),
];

test("a span's index names its paths, commands and recurring identifiers and headings, never call ids", () => {
  const index = indexSpan(work);
  assert.deepEqual(index.paths.slice(0, 2), ["config/zoo.yaml", "src/zoo/load.ts"]);
  assert.deepEqual(index.commands, ["grep -rn ZEBRA src"]);
  assert.deepEqual(index.terms.slice(0, 2), ["ZEBRA-4471", "parseZooConfig"]);
  assert.ok(index.terms.includes("# Animal settings"));
  assert.ok(!index.terms.some((term) => term.startsWith("call_")));
  assert.deepEqual(indexSpan(work), index, "the same messages give the same index");
});

const items = generateTranscript({ seed: 11, stages: 14 });
const idOf = (index: number): string => (items[index] as Item).id;
const users = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));

test("briefs carry their index at every depth, one line per child in a fold of folds, within the bound", () => {
  const state = emptyState();
  for (let turn = 0; turn < 12; turn += 1)
    addFold(state, items, {
      from: idOf(users[turn] as number),
      to: idOf((users[turn + 1] as number) - 1),
      origin: "top-up",
      commit: 1,
    });
  const middle = addFold(state, items, {
    from: idOf(users[4] as number),
    to: idOf((users[8] as number) - 1),
    origin: "consolidation",
    commit: 2,
  });
  const top = addFold(state, items, {
    from: idOf(0),
    to: idOf((users[12] as number) - 1),
    origin: "consolidation",
    commit: 3,
  });
  for (const fold of Object.values(state.folds)) {
    const index = renderIndex(state, fold);
    assert.ok(index.length > 0 && index.length <= INDEX_MAX_CHARS, `${fold.id} has a bounded index`);
    assert.ok(fold.brief.includes(index), `${fold.id}'s brief carries its index`);
    assert.ok(fold.brief.length <= BRIEF_MAX_CHARS);
    assert.match(index, /^files: src\/m\d+\/f\d+\.ts/);
  }
  assert.match(middle.brief, /^- F5 turn 5, \d+ msgs: src\/m4\//m);
  assert.match(middle.brief, /^- F8 turn 8, /m);
  assert.deepEqual(top.children, ["F1", "F2", "F3", "F4", "F13", "F9", "F10", "F11", "F12"]);
  assert.match(top.brief, /^- F13 turns 5–8, \d+ msgs: src\/m4\//m);
  for (const child of top.children) assert.match(top.brief, new RegExp(`\\b${child}\\b`), `${child} is named`);
});

test("an agent's or a model's brief keeps the fold's index under the header; the body is what the bound cuts", () => {
  const state = emptyState();
  const fold = addFold(state, items, { from: idOf(0), to: idOf((users[3] as number) - 1), origin: "agent", commit: 1 });
  const index = renderIndex(state, fold);
  const brief = acceptBrief(fold.id, fold.sha256, fold.leaves.length, "x".repeat(2_000), index) as string;
  assert.equal(brief.length, BRIEF_MAX_CHARS);
  assert.equal(brief.split("\n").slice(1, -1).join("\n"), index);
});
