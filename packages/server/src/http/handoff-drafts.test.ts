// Handoff drafting over HTTP without a model (contract §8): prepare's refusals and budget, and activate with the
// handoff cursor.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";
import { SCOPE, source, artifact, capture } from "../testing/handoff-fixtures.ts";

test("activate generates once per boundary past the cursor, moves the cursor only on success, and ignores the rest", async (t) => {
  const app = await buildTestApp(t);
  const objective = "Continue the export migration";
  const activate = (source_id: string, extra: object = {}) =>
    app.post("/v1/handoff/activate", {
      scope_id: SCOPE,
      boundary_source: { name: "content", source_id },
      objective,
      ...extra,
    });
  assert.equal((await activate("b1")).json.error.code, "handoff_evidence_not_found");
  assert.equal(await capture(app, "b1", "Migrated the export job.\nTODO: run it against staging."), 1);

  const generated = await activate("b1");
  assert.equal(generated.status, 200);
  assert.equal(generated.headers["x-powercontext-generation"], "deterministic");
  assert.deepEqual(
    { ...generated.json, draft: null },
    {
      status: "generated",
      boundary_source: { name: "content", source_id: "b1" },
      previous_position: 0,
      current_position: 1,
      draft: null,
    },
  );
  assert.equal(generated.json.draft.objective, objective);
  assert.deepEqual(generated.json.draft.state[0].citations, [source("b1")]);
  assert.equal(generated.json.draft.next_action.text, "run it against staging.");

  const ignored = await activate("b1");
  assert.deepEqual(ignored.json, {
    status: "ignored",
    boundary_source: { name: "content", source_id: "b1" },
    previous_position: 1,
    current_position: 1,
    draft: null,
  });
  assert.equal(ignored.headers["x-powercontext-generation"], undefined);

  await capture(app, "b2", "Staging run passed.");
  const failed = await activate("b2", { evidence: [artifact("memory", "memory", 1)] });
  assert.equal(failed.status, 404, "unavailable evidence fails the generation");
  const duplicate = await activate("b2", { evidence: [source("b1"), source("b1")] });
  assert.equal(duplicate.status, 422);
  const tooMany = await activate("b2", { evidence: Array.from({ length: 32 }, (_, i) => source(`e${i}`)) });
  assert.equal(tooMany.status, 422, "the boundary plus 32 items is 33");
  const merged = await activate("b2", { evidence: [source("b2"), source("b1")] });
  assert.equal(merged.status, 200, "the boundary listed again in evidence is merged, not a duplicate");
  assert.deepEqual(
    [merged.json.previous_position, merged.json.current_position],
    [1, 2],
    "the failed attempts did not move the cursor",
  );
  assert.deepEqual(
    merged.json.draft.state.map((s: { citations: unknown[] }) => s.citations[0]),
    [source("b2"), source("b1")],
  );
  assert.deepEqual((await activate("b1")).json, {
    status: "ignored",
    boundary_source: { name: "content", source_id: "b1" },
    previous_position: 2,
    current_position: 2,
    draft: null,
  });
});

test("prepare refuses duplicate evidence (422), unavailable evidence (404), and a budget the objective alone exceeds (422)", async (t) => {
  const app = await buildTestApp(t);
  await capture(app, "s1", "Fact.");
  const prepare = (body: object) =>
    app.post("/v1/handoff/prepare", { scope_id: SCOPE, objective: "o", evidence: [source("s1")], ...body });
  assert.equal((await prepare({ evidence: [source("s1"), source("s1")] })).json.error.code, "invalid_request");
  assert.equal(
    (await prepare({ evidence: [source("s1"), source("s2")] })).json.error.code,
    "handoff_evidence_not_found",
  );
  assert.equal((await prepare({ evidence: [] })).status, 422);
  assert.equal((await prepare({ max_bytes: 511 })).status, 422);
  const tooBig = await prepare({ objective: "x".repeat(600), max_bytes: 512 });
  assert.equal(tooBig.status, 422);
  assert.equal(tooBig.json.error.code, "invalid_request");
});

test("a deterministic draft over much evidence fits max_bytes by shortening and leaving evidence out, and says so", async (t) => {
  const app = await buildTestApp(t);
  const evidence = [];
  for (let i = 0; i < 32; i += 1) {
    await capture(app, `s${i}`, `Observation ${i}: ${"détail ".repeat(300)}`);
    evidence.push(source(`s${i}`));
  }
  for (const max_bytes of [512, 2000, 8000, 32768]) {
    const response = await app.post("/v1/handoff/prepare", {
      scope_id: SCOPE,
      objective: "Summarize",
      evidence,
      max_bytes,
    });
    assert.equal(response.status, 200, String(max_bytes));
    const content = JSON.stringify({ schema: "powercontext.handoff.v1", ...response.json }, null, 2);
    assert.ok(Buffer.byteLength(content) <= max_bytes, `${max_bytes}: ${Buffer.byteLength(content)}`);
    const kept = response.json.state.length;
    assert.ok(kept >= 1);
    if (kept < 32) assert.ok(response.json.omissions.length >= 1, "left-out evidence is recorded as omissions");
    for (const statement of response.json.state) assert.match(statement.text, /^Observation \d+: détail/);
  }
});

test("capabilities report handoff generation, which works without a model", async (t) => {
  const { app } = await buildTestApp(t);
  assert.equal((await app.inject({ method: "GET", url: "/v1/capabilities" })).json().handoff_generation, true);
});
