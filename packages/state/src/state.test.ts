import assert from "node:assert/strict";
import { test } from "node:test";
import {
  applyScopePatch,
  emptyState,
  mergePatch,
  overlayObjects,
  overlayScopes,
  patchChanges,
  sameJson,
} from "./state.ts";

test("overlay merges objects recursively while arrays and primitives replace", () => {
  const cases: [Record<string, never> | object, object, object][] = [
    [{ a: { b: 1, c: 2 } }, { a: { c: 3 } }, { a: { b: 1, c: 3 } }],
    [{ a: [1, 2] }, { a: [3] }, { a: [3] }],
    [{ a: { b: 1 } }, { a: 5 }, { a: 5 }],
    [{ a: 5 }, { a: { b: 1 } }, { a: { b: 1 } }],
    [{}, { x: "y" }, { x: "y" }],
  ];
  for (const [base, top, expected] of cases) assert.deepEqual(overlayObjects(base as never, top as never), expected);
});

test("the effective state overlays global, then cwd, then session", () => {
  const global = { ...emptyState(), contract: { db: "sqlite", style: { tabs: false } } };
  const cwd = { ...emptyState(), contract: { db: "postgres" } };
  const session = { ...emptyState(), contract: { style: { width: 120 } }, working: { next: "test" } };
  assert.deepEqual(overlayScopes({ global, cwd, session }), {
    artifacts: {},
    contract: { db: "postgres", style: { tabs: false, width: 120 } },
    working: { next: "test" },
  });
});

test("a nested null in a patch deletes the key and leaves its siblings", () => {
  assert.deepEqual(mergePatch({ a: { b: 1, c: 2 }, d: 3 }, { a: { b: null } }), { a: { c: 2 }, d: 3 });
});

test("applying a patch never modifies the original state", () => {
  const state = { ...emptyState(), working: { list: [1], nested: { x: 1 } } };
  const frozen = JSON.stringify(state);
  applyScopePatch(state, { working: { nested: { x: 2 }, list: [2] } });
  assert.equal(JSON.stringify(state), frozen);
});

test("patchChanges agrees with comparing the canonical JSON before and after the merge", () => {
  const target = { a: { b: 1, c: [1, 2] }, d: "x", e: { f: {} } };
  const cases: [object, boolean][] = [
    [{ d: "x" }, false],
    [{ a: { b: 1 } }, false],
    [{ a: { c: [1, 2] } }, false],
    [{ e: { f: {} } }, false],
    [{ a: {} }, false],
    [{ d: "y" }, true],
    [{ a: { c: [2, 1] } }, true],
    [{ a: { b: null } }, true],
    [{ g: {} }, true],
    [{ d: { x: 1 } }, true],
    [{ a: 5 }, true],
    [{ e: { f: { g: 1 } } }, true],
  ];
  for (const [patch, expected] of cases) {
    assert.equal(patchChanges(target as never, patch as never), expected, JSON.stringify(patch));
    assert.equal(!sameJson(mergePatch(target as never, patch as never), target), expected, JSON.stringify(patch));
  }
});
