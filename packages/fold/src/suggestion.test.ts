import assert from "node:assert/strict";
import { test } from "node:test";
import { addFold, emptyState } from "./fold.ts";
import { project } from "./projection.ts";
import { FoldSession, STATE_ENTRY_TYPE } from "./session.ts";
import { IGNORES_TO_SILENCE, noteTake, suggestAtCommit, workTerms } from "./suggestion.ts";
import { generateTranscript, toolResult, user } from "./testing/transcript.ts";
import { openMemoryFoldStore } from "./fold-store.ts";
import { validateOptions } from "./config.ts";
import type { CommitRecord, FoldState, Item } from "./types.ts";

const KEY = "quartzKey_77";
const base: Item[] = generateTranscript({ seed: 5, stages: 12 }).map((item) =>
  item.message.role === "toolResult" && item.message.toolCallId === "call_1"
    ? { ...item, message: toolResult("call_1", "read", `config\nrotation = ${KEY}\nend`, 5) }
    : item,
);
/** The open turn asks about the key read in turn 0: the current work names it. */
const items: Item[] = [
  ...base,
  { id: "e-ask", message: user(`where did ${KEY} come from?`, 9_000_000_000_000), foldable: true },
];
const idOf = (index: number): string => (items[index] as Item).id;
const users = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));
const turn = (n: number) => ({ from: idOf(users[n] as number), to: idOf((users[n + 1] as number) - 1) });

/** Folds turn `n` as commit `commit` and returns that commit's record, as the scheduler would have pushed it. */
function commitTurn(state: FoldState, n: number, commit: number): CommitRecord {
  const fold = addFold(state, items, { ...turn(n), origin: "top-up", commit });
  const record: CommitRecord = {
    commit,
    trigger: "threshold",
    agentMarks: [],
    topUp: [fold.id],
    refused: [],
    folded: [fold.id],
    tokensBefore: 0,
    tokensAfter: 0,
  };
  state.commits.push(record);
  return record;
}

const suggestionLines = (state: FoldState): string[] =>
  project(state, items).messages.flatMap((message) =>
    JSON.stringify(message.content).includes("[suggested:") ? [JSON.stringify(message.content)] : [],
  );

test("a commit carries at most one suggestion, under its last new brief, naming the fold whose brief undersells the current work", () => {
  assert.ok(workTerms(items).includes(KEY), "the open turn's ask names the key");
  const state = emptyState();
  commitTurn(state, 0, 1);
  const before = JSON.stringify(project(state, items).messages);
  const record = commitTurn(state, 3, 2);
  suggestAtCommit(state, items, record);
  assert.equal(record.suggested, "F1");
  assert.equal(state.commits.at(-1)?.suggested, "F1");
  assert.match(state.folds.F2?.suggestion ?? "", /^\[suggested: F1 holds "quartzKey_77" .*"action":"peek","id":"F1"/);
  assert.ok((state.folds.F2?.suggestion ?? "").length <= 320);
  assert.equal(suggestionLines(state).length, 1, "one suggestion in the window");
  assert.equal(state.folds.F1?.brief.includes(KEY), false, "F1's own brief does not name the key");
  // The earlier brief is untouched: the window up to the new brief is the same bytes.
  const after = JSON.stringify(project(state, items).messages);
  assert.equal(after.slice(0, before.indexOf("F1") + 200), before.slice(0, before.indexOf("F1") + 200));
  assert.deepEqual(state.suggestions, [{ fold: "F1", commit: 2, carrier: "F2", terms: [KEY], taken: false }]);
});

test("no suggestion when the visible brief already names the work's terms, or when the commit made no brief", () => {
  const state = emptyState();
  commitTurn(state, 0, 1);
  (state.folds.F1 as { brief: string }).brief += `\nnote: ${KEY}`;
  const record = commitTurn(state, 3, 2);
  suggestAtCommit(state, items, record);
  assert.equal(record.suggested, undefined);
  assert.equal(state.folds.F2?.suggestion, undefined);
  const empty = emptyState();
  commitTurn(empty, 0, 1);
  const none: CommitRecord = { ...(empty.commits[0] as CommitRecord), commit: 2, folded: [] };
  suggestAtCommit(empty, items, none);
  assert.equal(suggestionLines(empty).length, 0);
});

test("a nested fold is suggested by its innermost id, inside the brief the window shows; never a fold this commit made", () => {
  const state = emptyState();
  commitTurn(state, 0, 1);
  commitTurn(state, 1, 1);
  const record = commitTurn(state, 4, 2);
  // A consolidation in the same commit wraps the older folds: they are still pointed at, inside the new brief.
  addFold(state, items, { from: turn(0).from, to: turn(1).to, origin: "consolidation", commit: 2 });
  suggestAtCommit(state, items, record);
  assert.equal(record.suggested, "F1");
  assert.match(state.folds.F3?.suggestion ?? "", /F1 \(inside F4\)/);
  const fresh = emptyState();
  const own = commitTurn(fresh, 0, 1);
  suggestAtCommit(fresh, items, own);
  assert.equal(own.suggested, undefined, "the read was raw in the window until this commit");
});

test(`a fold whose suggestions are ignored ${IGNORES_TO_SILENCE} times with no take is silenced for good; a take keeps it`, () => {
  const state = emptyState();
  commitTurn(state, 0, 1);
  for (const [n, commit] of [
    [3, 2],
    [4, 3],
  ] as const)
    suggestAtCommit(state, items, commitTurn(state, n, commit));
  assert.deepEqual(
    state.suggestions?.map((record) => record.fold),
    ["F1", "F1"],
  );
  const third = commitTurn(state, 5, 4);
  suggestAtCommit(state, items, third);
  assert.equal(third.suggested, undefined, "silenced after two ignored suggestions");
  assert.deepEqual(state.silenced, ["F1"]);
  suggestAtCommit(state, items, commitTurn(state, 6, 5));
  assert.equal(state.folds.F5?.suggestion, undefined, "for good");

  const kept = emptyState();
  commitTurn(kept, 0, 1);
  suggestAtCommit(kept, items, commitTurn(kept, 3, 2));
  assert.equal(noteTake(kept, "F1"), true, "a peek of the suggested fold is a take");
  assert.equal(noteTake(kept, "F1"), false, "taken once");
  suggestAtCommit(kept, items, commitTurn(kept, 4, 3));
  suggestAtCommit(kept, items, commitTurn(kept, 5, 4));
  const last = commitTurn(kept, 6, 5);
  suggestAtCommit(kept, items, last);
  assert.equal(last.suggested, "F1", "a fold once taken is never silenced");
  assert.equal(kept.silenced, undefined);
});

test("suggestions, takes and silenced folds survive a reload; a peek of a suggested fold persists its take", async () => {
  const persisted: FoldState[] = [];
  const session = new FoldSession(
    validateOptions({ providerInputBudget: 1_000_000 }),
    { persist: (state) => persisted.push(structuredClone(state)) },
    openMemoryFoldStore(),
  );
  const state = emptyState();
  commitTurn(state, 0, 1);
  suggestAtCommit(state, items, commitTurn(state, 3, 2));
  session.load([{ type: "custom", customType: STATE_ENTRY_TYPE, data: state }]);
  await session.onContext(
    items.map((item) => item.message),
    items.map((item) => ({ type: "message", id: item.id, message: item.message })),
    undefined,
  );
  await session.runAction({ action: "peek", id: "F1", offset: 0, bytes: 10 });
  assert.equal(persisted.at(-1)?.suggestions?.[0]?.taken, true, "the take is persisted");
  await session.runAction({ action: "peek", id: "F1", offset: 0, bytes: 10 });
  assert.equal(persisted.length, 1, "a second peek persists nothing");
  const reloaded = new FoldSession(session.options, { persist: () => undefined }, openMemoryFoldStore());
  reloaded.load([{ type: "custom", customType: STATE_ENTRY_TYPE, data: { ...persisted.at(-1), silenced: ["F9"] } }]);
  assert.equal(reloaded.state.suggestions?.[0]?.taken, true);
  assert.deepEqual(reloaded.state.silenced, ["F9"]);
  assert.equal(reloaded.state.folds.F2?.suggestion, state.folds.F2?.suggestion, "the suggestion's bytes are kept");
});

test("the current work is the open turn's ask, the agent's text and its calls' arguments, never tool results", () => {
  const terms = workTerms(items);
  assert.deepEqual(terms, [KEY]);
  const withRead: Item[] = [
    ...items,
    { id: "e-r", message: toolResult("c9", "read", "zzTopSecret_1 zzTopSecret_1", 9_000_000_000_001), foldable: true },
  ];
  assert.deepEqual(workTerms(withRead), [KEY]);
});
