import assert from "node:assert/strict";
import { test } from "node:test";
import { StateError } from "./errors.ts";
import { applyTransition, parseTransition } from "./patch.ts";
import { emptyState } from "./state.ts";

function rejection(run: () => unknown): { reason: unknown; path: unknown } {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof StateError);
    assert.equal(error.code, "invalid_patch");
    return { reason: error.details?.reason, path: error.details?.path };
  }
  assert.fail("expected a rejection");
}

test("patch_state arguments that break the grammar are rejected with their reason and path", () => {
  const cases: [unknown, string, string][] = [
    [{}, "empty_patch", ""],
    [{ final: false }, "invalid_final", "final"],
    [{ response: "done" }, "runtime_owned_field", "response"],
    [{ cwd: { response: "x" } }, "runtime_owned_field", "cwd.response"],
    [{ project: {} }, "unknown_field", "project"],
    [{ cwd: { notes: {} } }, "unknown_field", "cwd.notes"],
    [{ session: {} }, "empty_scope", "session"],
    [{ session: { working: {} } }, "empty_scope", "session.working"],
    [{ global: { working: null } }, "materialized_null", "global.working"],
    [{ global: { working: "text" } }, "plane_not_object", "global.working"],
    [{ global: [] }, "plane_not_object", "global"],
    [{ cwd: { working: { list: [1, null] } } }, "materialized_null", "cwd.working.list[1]"],
    [JSON.parse('{"cwd":{"working":{"__proto__":{"x":1}}}}'), "unsafe_key", "cwd.working.__proto__"],
  ];
  for (const [args, reason, path] of cases)
    assert.deepEqual(
      rejection(() => parseTransition(args)),
      { reason, path },
      JSON.stringify(args),
    );
});

test("a final-only call and multi-scope patches parse", () => {
  assert.deepEqual(parseTransition({ final: true }), { patches: {}, final: true });
  const parsed = parseTransition({ global: { contract: { a: 1 } }, session: { working: { b: 2 } } });
  assert.deepEqual(Object.keys(parsed.patches), ["global", "session"]);
});

test("a null that deletes nothing is a materialized null, judged against the basis", () => {
  const basis = { cwd: { ...emptyState(), working: { a: { b: 1 } } } };
  assert.deepEqual(
    rejection(() => applyTransition(basis, parseTransition({ cwd: { working: { missing: null } } }))),
    { reason: "materialized_null", path: "cwd.working.missing" },
  );
  assert.deepEqual(
    rejection(() => applyTransition(basis, parseTransition({ cwd: { working: { fresh: { x: null } } } }))),
    { reason: "materialized_null", path: "cwd.working.fresh.x" },
  );
  assert.deepEqual(applyTransition(basis, parseTransition({ cwd: { working: { a: { b: null } } } })).cwd?.working, {
    a: {},
  });
});

test("a scope patch that changes nothing is a material no-op", () => {
  const basis = { session: { ...emptyState(), working: { a: 1, list: [1, 2] } } };
  assert.deepEqual(
    rejection(() => applyTransition(basis, parseTransition({ session: { working: { a: 1, list: [1, 2] } } }))),
    { reason: "no_op", path: "session" },
  );
});
