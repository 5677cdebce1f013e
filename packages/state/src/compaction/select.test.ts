import assert from "node:assert/strict";
import { test } from "node:test";
import { TRANSITION_ENTRY } from "../fork.ts";
import { FALLBACK_MESSAGE, RESPONSE_ENTRY } from "../hooks/resolve-turn.ts";
import { MODE_ENTRY } from "../modes.ts";
import { answerCompaction, type PendingCompaction } from "./answer.ts";
import { COMPACTION_SUMMARY } from "./marker.ts";
import { type EntryLike, type RunFacts, selectCompaction } from "./select.ts";

let next = 0;
const id = () => `e${(next += 1)}`;
const user = (text: string): EntryLike => ({ type: "message", id: id(), message: { role: "user", content: text } });
const answer = (text: string, stopReason = "stop"): EntryLike => ({
  type: "message",
  id: id(),
  message: { role: "assistant", content: [{ type: "text", text }], stopReason },
});
const custom = (customType: string, data: unknown = {}): EntryLike => ({ type: "custom", id: id(), customType, data });
const transition = (seq: number) => custom(TRANSITION_ENTRY, { seq, transitions: [`t${seq}`] });
const customMessage = (customType: string): EntryLike => ({
  type: "custom_message",
  id: id(),
  customType,
  content: "x",
});

const BIG = "completed work ".repeat(400);
const FACTS: RunFacts = { mode: "active", pendingInput: false, aborted: false, minTokens: 1000 };

/** A bootstrap run, then a large accepted run that settled with an answer. */
function settledHistory(): EntryLike[] {
  return [user("start"), answer(BIG), transition(1), user("more"), answer(BIG), transition(2), answer("final answer")];
}

test("a large accepted non-bootstrap run settles into a boundary at its final answer, with the durable step", () => {
  const branch = settledHistory();
  const choice = selectCompaction(branch, branch, FACTS);
  assert.equal(choice.kind, "compact");
  assert.equal(choice.kind === "compact" && choice.selection.keptEntryId, branch.at(-1)?.id);
  assert.equal(choice.kind === "compact" && choice.selection.seq, 2);
});

test("every exclusion produces no boundary, each with its own reason", () => {
  const history = settledHistory();
  const cases: [string, EntryLike[], Partial<RunFacts>][] = [
    ["stopped", history, { mode: "passive" }],
    ["pending_input", history, { pendingInput: true }],
    ["aborted", history, { aborted: true }],
    ["aborted", [...history.slice(0, -1), answer("cut", "aborted")], {}],
    ["error", [...history.slice(0, -1), answer("", "error")], {}],
    ["no_answer", [...history, user("queued")], {}],
    ["not_accepted", [user("a"), answer(BIG), transition(1), user("b"), answer(BIG)], {}],
    ["bootstrap", [user("first"), answer(BIG), transition(1), answer("done")], {}],
    ["bootstrap", [...history.slice(0, 3), custom(MODE_ENTRY, { mode: "active" }), ...history.slice(3)], {}],
    ["stopped", [...history.slice(0, -1), custom(MODE_ENTRY, { mode: "off" }), history.at(-1) as EntryLike], {}],
    ["fallback", [...history.slice(0, -1), customMessage(FALLBACK_MESSAGE), answer("again")], {}],
    ["foreign_context", [user("a"), transition(1), customMessage("other-extension"), ...history.slice(3)], {}],
    ["small", [user("a"), answer("b"), transition(1), user("c"), transition(2), answer("d")], {}],
  ];
  for (const [reason, branch, facts] of cases)
    assert.deepEqual(selectCompaction(branch, branch, { ...FACTS, ...facts }), { kind: "skip", reason }, reason);
});

test("a final-only run resolved with final:true counts as accepted; an unresolved one does not", () => {
  const base = settledHistory().slice(0, 4);
  const final = [...base, answer(BIG), custom(RESPONSE_ENTRY, { status: "final" }), answer("done")];
  assert.equal(selectCompaction(final, final, FACTS).kind, "compact");
  const unresolved = [...base, answer(BIG), custom(RESPONSE_ENTRY, { status: "unresolved" }), answer("done")];
  assert.deepEqual(selectCompaction(unresolved, unresolved, FACTS), { kind: "skip", reason: "not_accepted" });
});

test("only the prefix the model still sees counts: an earlier own boundary is not foreign, another summary is", () => {
  const branch = settledHistory();
  const own = {
    type: "compaction",
    id: id(),
    summary: COMPACTION_SUMMARY,
    details: { powercontextState: { kind: "completed-history" } },
  };
  const fold = { type: "compaction", id: id(), summary: "[fold]", details: { powercontextFold: "overflow-rollback" } };
  const pi = { type: "compaction", id: id(), summary: "## Goal …", details: { readFiles: [] } };
  const context = (head: EntryLike) => [head, ...branch.slice(3)];
  assert.equal(selectCompaction(branch, context(own), FACTS).kind, "compact");
  assert.equal(selectCompaction(branch, context(fold), FACTS).kind, "compact");
  assert.deepEqual(selectCompaction(branch, context(pi), FACTS), { kind: "skip", reason: "foreign_context" });
  assert.deepEqual(selectCompaction(branch, branch.slice(0, 2), FACTS), { kind: "skip", reason: "stale" });
});

test("Pi's compaction pass is answered only under the private marker, and a stale selection is cancelled", () => {
  const branch = settledHistory();
  const kept = branch.at(-1)?.id as string;
  const revisions = { global: 0, cwd: 2, session: 0 };
  const pending: PendingCompaction = {
    marker: "m-1",
    selection: { keptEntryId: kept, seq: 2, prefixTokens: 3000 },
    revisions,
  };
  const event = {
    reason: "manual",
    customInstructions: "m-1",
    branchEntries: branch,
    preparation: { tokensBefore: 9 },
  };
  const now = { pendingInput: false, branch, revisions };
  const made = answerCompaction(pending, event, now);
  assert.ok(made !== undefined && "compaction" in made);
  assert.equal(made.compaction.firstKeptEntryId, kept);
  assert.equal(made.compaction.summary, COMPACTION_SUMMARY);
  assert.deepEqual(made.compaction.details.powercontextState.revisions, revisions);
  for (const other of [{ customInstructions: "m-2" }, { customInstructions: undefined }, { reason: "threshold" }])
    assert.equal(answerCompaction(pending, { ...event, ...other }, now), undefined, JSON.stringify(other));
  assert.equal(answerCompaction(null, event, now), undefined);
  const moved = { ...event, branchEntries: [...branch, user("new input")] };
  for (const [stale, at] of [
    [event, { ...now, pendingInput: true }],
    [moved, now],
    [event, { ...now, branch: moved.branchEntries }],
    [event, { ...now, revisions: { ...revisions, cwd: 3 } }],
  ] as const)
    assert.deepEqual(answerCompaction(pending, stale, at), { cancel: true });
  const withRecord = [...branch, custom("another-extension-record")];
  const bookkeeping = answerCompaction(
    pending,
    { ...event, branchEntries: withRecord },
    { ...now, branch: withRecord },
  );
  assert.ok(bookkeeping !== undefined && "compaction" in bookkeeping);
});
