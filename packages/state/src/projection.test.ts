import assert from "node:assert/strict";
import { test } from "node:test";
import { appendProjection, buildProjection } from "./projection.ts";
import { emptyState } from "./state.ts";

test("the projection is byte-stable: key order and object identity do not change its bytes", () => {
  const a = { ...emptyState(), working: { b: 1, a: { y: 2, x: 1 } } };
  const b = { ...emptyState(), working: { a: { x: 1, y: 2 }, b: 1 } };
  assert.equal(buildProjection("active", a), buildProjection("active", b));
});

test("off projects nothing and passive projects the state read-only", () => {
  assert.equal(buildProjection("off", emptyState()), null);
  assert.match(buildProjection("passive", emptyState()) ?? "", /read-only/);
  assert.equal(appendProjection("SYSTEM", null), "SYSTEM");
  assert.match(
    appendProjection("SYSTEM", buildProjection("active", emptyState())),
    /^SYSTEM\n\n<powercontext_state mode="active">/,
  );
});
