import assert from "node:assert/strict";
import { test } from "node:test";
import { BRIEF_MAX_CHARS, TOOL_NAME } from "./brief.ts";
import { canonicalBytes, sha256Hex } from "./digest.ts";
import { FoldError } from "./errors.ts";
import { addFold, emptyState, expandFold, refoldFold, verifiedSource, visibleCollapsed } from "./fold.ts";
import { project } from "./projection.ts";
import { generateTranscript } from "./testing/transcript.ts";

const items = generateTranscript({ seed: 7, stages: 6 });
const idOf = (index: number): string => (items[index] as { id: string }).id;
const userIndices = items.flatMap((item, index) => (item.message.role === "user" ? [index] : []));
const chapter = (n: number): [string, string] => [
  idOf(userIndices[n] as number),
  idOf((userIndices[n + 1] as number) - 1),
];

function refusal(run: () => unknown, code: string, pattern: RegExp): void {
  assert.throws(
    run,
    (error: unknown) => error instanceof FoldError && error.code === code && pattern.test(error.message),
  );
}

test("a fold's leaves are the exact entries of its span and its hash addresses their bytes", () => {
  const state = emptyState();
  const [from, to] = chapter(0);
  const fold = addFold(state, items, { from, to, origin: "agent", commit: 1 });
  const span = items.slice(0, userIndices[1]);
  assert.deepEqual(
    fold.leaves,
    span.map((item) => item.id),
  );
  assert.equal(fold.sha256, sha256Hex(canonicalBytes(span.map((item) => item.message))));
  assert.equal(verifiedSource(fold, items, null).text, canonicalBytes(span.map((item) => item.message)));
});

test("briefs are deterministic, bounded and carry the handle", () => {
  const [from, to] = chapter(1);
  const a = addFold(emptyState(), items, { from, to, origin: "agent", commit: 1 });
  const b = addFold(emptyState(), items, { from, to, origin: "agent", commit: 1 });
  assert.equal(a.brief, b.brief);
  assert.ok(a.brief.length <= BRIEF_MAX_CHARS);
  assert.match(a.brief, new RegExp(`${TOOL_NAME} .*"id":"F1"`));
  const huge = generateTranscript({ seed: 1, stages: 1, batches: 40, resultChars: 5000 });
  const big = addFold(emptyState(), huge, {
    from: (huge[0] as { id: string }).id,
    to: (huge.at(-1) as { id: string }).id,
    origin: "agent",
    commit: 1,
  });
  assert.ok(big.brief.length <= BRIEF_MAX_CHARS);
});

test("a span that would separate a tool call from its result is refused", () => {
  const call = items.findIndex(
    (item) =>
      item.message.role === "assistant" &&
      Array.isArray(item.message.content) &&
      JSON.stringify(item.message.content).includes("toolCall"),
  );
  refusal(
    () => addFold(emptyState(), items, { from: idOf(0), to: idOf(call), origin: "agent", commit: 1 }),
    "invalid_span",
    /separate a tool call/,
  );
});

test("folds nest, a partial overlap is refused, and a span inside a collapsed fold is refused", () => {
  const state = emptyState();
  const [a0, a1] = chapter(0);
  const [b0, b1] = chapter(1);
  const inner = addFold(state, items, { from: a0, to: a1, origin: "agent", commit: 1 });
  const outer = addFold(state, items, { from: a0, to: b1, origin: "agent", commit: 2 });
  assert.equal(inner.parent, outer.id);
  assert.deepEqual(outer.children, [inner.id]);
  const [c0, c1] = chapter(2);
  addFold(state, items, { from: c0, to: c1, origin: "agent", commit: 2 });
  refusal(
    () => addFold(state, items, { from: b0, to: c1, origin: "agent", commit: 3 }),
    "invalid_span",
    /partially overlaps/,
  );
  refusal(
    () => addFold(state, items, { from: b0, to: b1, origin: "agent", commit: 3 }),
    "invalid_span",
    /inside collapsed fold F2/,
  );
  refusal(
    () => addFold(state, items, { from: a0, to: a1, origin: "agent", commit: 3 }),
    "invalid_span",
    /is already fold F1|inside collapsed/,
  );
});

test("expand goes outside-in one level at a time, and refold collapses again", () => {
  const state = emptyState();
  const [a0, a1] = chapter(0);
  const [, b1] = chapter(1);
  const inner = addFold(state, items, { from: a0, to: a1, origin: "agent", commit: 1 });
  const outer = addFold(state, items, { from: a0, to: b1, origin: "agent", commit: 2 });
  refusal(() => expandFold(state, inner.id), "invalid_action", /expand F2 first/);
  assert.deepEqual(
    visibleCollapsed(state).map((fold) => fold.id),
    [outer.id],
  );
  expandFold(state, outer.id);
  assert.deepEqual(
    visibleCollapsed(state).map((fold) => fold.id),
    [inner.id],
  );
  const projected = project(state, items);
  assert.equal(projected.nodes[0], inner.id);
  assert.equal(projected.nodes[1], idOf(userIndices[1] as number));
  refoldFold(state, outer.id);
  assert.deepEqual(project(state, items).nodes.slice(0, 1), [outer.id]);
});

test("peek and expand refuse a source whose bytes no longer match the hash", () => {
  const state = emptyState();
  const [from, to] = chapter(0);
  const fold = addFold(state, items, { from, to, origin: "agent", commit: 1 });
  const tampered = items.map((item, index) =>
    index === 1 ? { ...item, message: { ...item.message, content: "tampered" } } : item,
  );
  refusal(() => verifiedSource(fold, tampered, null), "integrity", /no copy of its source matches/);
  refusal(() => verifiedSource(fold, tampered, "not the bytes"), "integrity", /sha256/);
  assert.equal(
    verifiedSource(fold, tampered, canonicalBytes(items.slice(0, fold.leaves.length).map((item) => item.message)))
      .sha256,
    fold.sha256,
  );
});
