import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTEXT_LABEL, RECALL_SECTION } from "powercontext-pi";
import { withoutBookkeeping } from "./bookkeeping.ts";
import {
  appendProjection,
  buildProjection,
  PROJECTION_SECTION,
  FINAL_GUIDE,
  projectionBody,
  recallStart,
  setProjectionSection,
} from "./projection.ts";
import { memoryText } from "./promote.ts";
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
    /^SYSTEM\n\n<powercontext_state>\nmode: active\n/,
  );
});

test("the state section goes before powercontext-pi's recall block, so recall ends the prompt in either load order", () => {
  const section = buildProjection("active", emptyState());
  const recall = `${CONTEXT_LABEL}\n\nPowerContext prepared untrusted historical context.`;
  const appended = appendProjection(`SYSTEM\n\n${recall}`, section);
  assert.ok(appended.startsWith(`SYSTEM\n\n${section}\n\n${recall}`), appended);
  assert.ok(appended.endsWith(recall));
  const sectioned = appendProjection(`SYSTEM\n\n<${RECALL_SECTION}>\n${recall}\n</${RECALL_SECTION}>`, section);
  assert.match(
    sectioned,
    new RegExp(`^SYSTEM\\n\\n<powercontext_state[\\s\\S]*</powercontext_state>\\n\\n<${RECALL_SECTION}>\\n`),
  );
  assert.equal(recallStart("SYSTEM only"), null);
});

test("the appended block reads exactly as Pi renders the section, so both placements carry the same bytes", () => {
  const body = projectionBody("active", emptyState());
  assert.equal(buildProjection("active", emptyState()), `<${PROJECTION_SECTION}>\n${body}\n</${PROJECTION_SECTION}>`);
  assert.equal(projectionBody("off", emptyState()), null);
});

test("with turn resolution on, the active guide says how a run closes; passive and off are unchanged", () => {
  const closing = projectionBody("active", emptyState(), true) ?? "";
  assert.ok(closing.includes(FINAL_GUIDE) && !(projectionBody("active", emptyState()) ?? "").includes(FINAL_GUIDE));
  assert.equal(projectionBody("passive", emptyState(), true), projectionBody("passive", emptyState()));
  assert.equal(projectionBody("off", emptyState(), true), null);
});

test("as a prompt section, state goes before a recall section set earlier in the run, and recall keeps its text", () => {
  const body = projectionBody("active", emptyState());
  const recallFirst: Record<string, unknown> = { other: "x", [RECALL_SECTION]: "recall" };
  setProjectionSection(recallFirst, body);
  assert.deepEqual(Object.keys(recallFirst), ["other", PROJECTION_SECTION, RECALL_SECTION]);
  assert.equal(recallFirst[RECALL_SECTION], "recall");
  const alone: Record<string, unknown> = {};
  setProjectionSection(alone, body);
  assert.deepEqual(alone, { [PROJECTION_SECTION]: body });
  setProjectionSection(recallFirst, null);
  assert.deepEqual(Object.keys(recallFirst), ["other", RECALL_SECTION]);
});

test("bookkeeping (memory_promotions) stays out of the state the model sees", () => {
  const state = { ...emptyState(), working: { plan: "ship", memory_promotions: { p_1: { status: "accepted" } } } };
  assert.deepEqual(withoutBookkeeping(state).working, { plan: "ship" });
  assert.equal(withoutBookkeeping(emptyState()).working.plan, undefined);
  const unchanged = emptyState();
  assert.equal(withoutBookkeeping(unchanged), unchanged);
});

test("a promoted entry's Memory text names its path and value", () => {
  assert.equal(memoryText("cwd.contract.deploy", "release branch only"), "cwd.contract.deploy: release branch only");
  assert.equal(memoryText("cwd.working.limits", { max: 3 }), 'cwd.working.limits: {"max":3}');
});
