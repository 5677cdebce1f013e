import assert from "node:assert/strict";
import { test } from "node:test";
import { StateError } from "./errors.ts";
import { appendPatch, boundaries, emptyStream, materialize, TAIL_LIMIT, viewAt } from "./history.ts";
import { applyScopePatch } from "./state.ts";
import type { ScopeName, ScopePatch, ScopeStream, View } from "./types.ts";

/** Applies patches through appendPatch the way the store does (folded checkpoints carried into the next stream). */
function grow(stream: ScopeStream, patches: readonly ScopePatch[], firstSeq: number, step = 1): ScopeStream {
  let current = stream;
  patches.forEach((patch, index) => {
    const next = applyScopePatch(current.current, patch);
    const appended = appendPatch(current, patch, next, {
      seq: firstSeq + index * step,
      transition: `t${firstSeq + index * step}`,
      at: "2026-01-01T00:00:00.000Z",
    });
    current = { ...current, head: appended.head, checkpoint: appended.checkpoint, current: appended.current };
  });
  return current;
}

function viewOf(streams: Partial<Record<ScopeName, ScopeStream>>): View {
  return {
    global: streams.global ?? emptyStream("global", "global"),
    cwd: streams.cwd ?? emptyStream("cwd", "c"),
    session: streams.session ?? emptyStream("session", "s"),
  };
}

const counter = (n: number): ScopePatch => ({ working: { n } });

test("the tail keeps at most seven patches and folds the oldest into the checkpoint", () => {
  const stream = grow(
    emptyStream("cwd", "c"),
    Array.from({ length: 12 }, (_, i) => counter(i + 1)),
    1,
  );
  assert.equal(stream.head?.tail.length, TAIL_LIMIT);
  assert.equal(stream.head?.revision, 12);
  assert.equal(stream.head?.checkpoint?.revision, 5);
  assert.deepEqual(stream.checkpoint.working, { n: 5 });
  assert.deepEqual(stream.current.working, { n: 12 });
});

test("offsets 0 through 7 name the previous boundaries and offset 8 is an error", () => {
  const view = viewOf({
    cwd: grow(
      emptyStream("cwd", "c"),
      Array.from({ length: 10 }, (_, i) => counter(i + 1)),
      1,
    ),
  });
  for (let offset = 0; offset <= 7; offset += 1)
    assert.deepEqual(viewAt(view, offset).states.cwd.working, { n: 10 - offset });
  assert.throws(
    () => viewAt(view, 8),
    (error: unknown) => error instanceof StateError && error.code === "invalid_read",
  );
});

test("history before the origin is an error, not an empty state", () => {
  const view = viewOf({ session: grow(emptyStream("session", "s"), [counter(1), counter(2)], 1) });
  assert.deepEqual(viewAt(view, 2).states.session.working, {});
  assert.throws(
    () => viewAt(view, 3),
    (error: unknown) => error instanceof StateError && error.code === "pre_origin",
  );
  assert.throws(
    () => viewAt(viewOf({}), 1),
    (error: unknown) => error instanceof StateError && error.code === "pre_origin",
  );
});

test("an offset is the same boundary in every scope", () => {
  const global = grow(emptyStream("global", "global"), [counter(1), counter(2)], 10, 20);
  const cwd = grow(emptyStream("cwd", "c"), [counter(100), counter(200)], 20, 20);
  const view = viewOf({ global, cwd });
  assert.deepEqual(
    boundaries(view).map((b) => b.seq),
    [40, 30, 20, 10],
  );
  const one = viewAt(view, 1).states;
  assert.deepEqual([one.global.working, one.cwd.working], [{ n: 2 }, { n: 100 }]);
  const two = viewAt(view, 2).states;
  assert.deepEqual([two.global.working, two.cwd.working], [{ n: 1 }, { n: 100 }]);
});

test("a forked session sees no boundary at or before its origin", () => {
  const session = grow(emptyStream("session", "s"), [counter(1), counter(2)], 1);
  const forked: ScopeStream = { ...session, head: session.head === null ? null : { ...session.head, origin_seq: 2 } };
  assert.throws(
    () => viewAt(viewOf({ session: forked }), 1),
    (error: unknown) => error instanceof StateError && error.code === "pre_origin",
  );
  assert.deepEqual(viewAt(viewOf({ session: forked }), 0).states.session.working, { n: 2 });
});

test("property: checkpoint plus tail always equals applying every patch in order", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let round = 0; round < 50; round += 1) {
    const patches: ScopePatch[] = [];
    let expected = emptyStream("cwd", "c").current;
    const count = 1 + Math.floor(random() * 20);
    for (let i = 0; i < count; i += 1) {
      const key = `k${Math.floor(random() * 4)}`;
      const existing = expected.working[key];
      const patch: ScopePatch =
        existing !== undefined && random() < 0.3
          ? { working: { [key]: null } }
          : { working: { [key]: random() < 0.5 ? { v: i } : [i] } };
      patches.push(patch);
      expected = applyScopePatch(expected, patch);
    }
    const stream = grow(emptyStream("cwd", "c"), patches, 1);
    assert.deepEqual(stream.current, expected);
    assert.deepEqual(materialize(stream.checkpoint, stream.head?.tail ?? []), expected);
  }
});
