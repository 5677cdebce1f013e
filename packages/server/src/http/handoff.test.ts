// Handoff operations over HTTP without a model (contract §8): prepare, finalize, commit with its check order, and
// continue with evidence checks. Prepare's refusals and budget, and activate, are in handoff-drafts.test.ts.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openSqliteStore } from "../store/sqlite/index.ts";
import { buildTestApp } from "../testing/test-app.ts";
import { SCOPE, source, memory, artifact, handoffRef, capture, remember } from "../testing/handoff-fixtures.ts";

test("prepare → finalize → commit in one session, continue from another Server on the same database", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pc-handoff-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "store.sqlite");
  const first = await buildTestApp(t, { store: await openSqliteStore(path, { synchronous: "normal" }) });
  const second = await buildTestApp(t, { store: await openSqliteStore(path, { synchronous: "normal" }) });

  await capture(first, "handoff-boundary-1", "Export job writes to PostgreSQL 16.\nNext: compare staging row counts.");
  const citation = await remember(first, "The SQLite path remains for tests.");
  const evidence = [source("handoff-boundary-1"), memory(citation)];
  const objective = "Hand off the PostgreSQL export migration";

  const prepared = await first.post("/v1/handoff/prepare", { scope_id: SCOPE, objective, evidence });
  assert.equal(prepared.status, 200, JSON.stringify(prepared.json));
  assert.equal(prepared.headers["x-powercontext-generation"], "deterministic");
  assert.deepEqual(prepared.json, {
    objective,
    state: [
      { text: "Export job writes to PostgreSQL 16. Next: compare staging row counts.", citations: [evidence[0]] },
      { text: "The SQLite path remains for tests.", citations: [evidence[1]] },
    ],
    disposition: "continuable",
    next_action: { text: "compare staging row counts.", citations: [evidence[0]] },
    omissions: [],
  });

  const finalized = await first.post("/v1/handoff/finalize", { scope_id: SCOPE, draft: prepared.json });
  assert.equal(finalized.status, 200);
  assert.deepEqual(finalized.json, {
    schema: "powercontext.prepared-handoff.v1",
    scope_id: SCOPE,
    base: null,
    content: { schema: "powercontext.handoff.v1", ...prepared.json },
  });

  const committed = await first.post("/v1/handoff/commit", { scope_id: SCOPE, handoff: finalized.json });
  assert.equal(committed.status, 200);
  assert.deepEqual(committed.json, {
    reference: handoffRef(1),
    content: finalized.json.content,
    source_refs: [{ name: "content", source_id: "handoff-boundary-1" }],
    artifact_refs: [citation.memory_ref],
  });
  const again = await first.post("/v1/handoff/commit", { scope_id: SCOPE, handoff: finalized.json });
  assert.deepEqual(again.json, committed.json, "committing the same content again is a no-op");

  const latest = await second.post("/v1/handoff/continue", { scope_id: SCOPE, selection: "latest" });
  assert.equal(latest.status, 200);
  assert.deepEqual(latest.json, {
    trust: "untrusted_history",
    status: "resolved",
    scope_id: SCOPE,
    content: finalized.json.content,
    selection: "latest",
    selected_revision: handoffRef(1),
    current_revision: handoffRef(1),
    evidence_checks: [
      { claim: "state", state_index: 0, status: "available", unavailable_evidence: [] },
      { claim: "state", state_index: 1, status: "available", unavailable_evidence: [] },
      { claim: "next_action", state_index: null, status: "available", unavailable_evidence: [] },
    ],
  });
  const exact = await second.post("/v1/handoff/continue", {
    scope_id: SCOPE,
    selection: "exact",
    revision: handoffRef(1),
  });
  assert.deepEqual({ ...exact.json, selection: "latest" }, latest.json);
  const fromPrepared = await second.post("/v1/handoff/continue", {
    scope_id: SCOPE,
    selection: "prepared",
    prepared: finalized.json,
  });
  assert.equal(fromPrepared.json.selected_revision, null);
  assert.deepEqual(fromPrepared.json.current_revision, handoffRef(1));

  // The second session moves the head; the first session's stale PreparedHandoff then conflicts.
  const next = await second.post("/v1/handoff/finalize", {
    scope_id: SCOPE,
    draft: { ...prepared.json, disposition: "complete", next_action: null },
  });
  assert.deepEqual(next.json.base, handoffRef(1));
  assert.deepEqual(
    (await second.post("/v1/handoff/commit", { scope_id: SCOPE, handoff: next.json })).json.reference,
    handoffRef(2),
  );
  const stale = await first.post("/v1/handoff/commit", {
    scope_id: SCOPE,
    handoff: { ...next.json, content: { ...next.json.content, disposition: "blocked" } },
  });
  assert.equal(stale.status, 409);
  assert.deepEqual(stale.json.error, {
    code: "revision_conflict",
    message: "The Handoff Revision is stale.",
    details: null,
  });
  const staleButSame = await first.post("/v1/handoff/commit", { scope_id: SCOPE, handoff: finalized.json });
  assert.equal(staleButSame.status, 409, "the head's content differs from revision 1's, so the base check applies");
  const sameAsHead = await first.post("/v1/handoff/commit", { scope_id: SCOPE, handoff: { ...next.json, base: null } });
  assert.deepEqual(
    sameAsHead.json.reference,
    handoffRef(2),
    "identical content returns the head before the base is checked",
  );
  assert.deepEqual(
    (await first.post("/v1/handoff/continue", { scope_id: SCOPE, selection: "latest" })).json.selected_revision,
    handoffRef(2),
  );
});

test("commit checks scope and base shape (422), then identity, then the base (409), then citations (404)", async (t) => {
  const app = await buildTestApp(t);
  await capture(app, "s1", "State one.");
  const draft = {
    objective: "o",
    state: [{ text: "State one.", citations: [source("s1")] }],
    disposition: "continuable",
    next_action: null,
    omissions: [],
  };
  const prepared = (await app.post("/v1/handoff/finalize", { scope_id: SCOPE, draft })).json;
  const cases: Array<[string, object, number, string]> = [
    ["another scope", { ...prepared, scope_id: "other" }, 422, "invalid_request"],
    [
      "a memory base",
      { ...prepared, base: { family: "memory", artifact_id: "memory", revision: 1 } },
      422,
      "invalid_request",
    ],
    ["a base the scope never had", { ...prepared, base: handoffRef(3) }, 409, "revision_conflict"],
    [
      "an unavailable citation",
      { ...prepared, content: { ...prepared.content, state: [{ text: "x", citations: [source("missing")] }] } },
      404,
      "handoff_evidence_not_found",
    ],
  ];
  for (const [name, handoff, status, code] of cases) {
    const response = await app.post("/v1/handoff/commit", { scope_id: SCOPE, handoff });
    assert.equal(response.status, status, name);
    assert.equal(response.json.error.code, code, name);
  }
  assert.equal((await app.post("/v1/handoff/continue", { scope_id: SCOPE, selection: "latest" })).json.status, "empty");
});

test("continue reports unavailable evidence per statement; a retired entry cited where it was active stays available", async (t) => {
  const app = await buildTestApp(t);
  await capture(app, "s1", "The export streams rows.");
  const kept = await remember(app, "Stream rows; never load the whole table.");
  const retired = await app.post("/v1/memory/entries/retire", {
    scope_id: SCOPE,
    citation: kept,
    reason: "superseded",
  });
  const inactiveThere = retired.json.entry.citation;
  assert.equal(retired.json.entry.state, "inactive");
  const missing = [
    source("never-captured"),
    memory({ ...kept, memory_ref: { ...kept.memory_ref, revision: 9 } }),
    artifact("experience", "exp_1", 1),
    artifact("handoff", "handoff", 5),
  ];
  const prepared = {
    schema: "powercontext.prepared-handoff.v1",
    scope_id: SCOPE,
    base: null,
    content: {
      schema: "powercontext.handoff.v1",
      objective: "o",
      state: [
        { text: "Rows are streamed.", citations: [source("s1"), memory(kept), memory(inactiveThere)] },
        { text: "Unverifiable.", citations: [missing[0], source("s1"), missing[1], missing[0]] },
        { text: "Other families.", citations: [missing[2], artifact("memory", "memory", 2), missing[3]] },
      ],
      disposition: "continuable",
      next_action: { text: "Check it.", citations: [missing[3]] },
      omissions: [{ text: "Omission citations are never checked.", citation: source("nowhere") }],
    },
  };
  const resolved = await app.post("/v1/handoff/continue", { scope_id: SCOPE, selection: "prepared", prepared });
  assert.equal(resolved.status, 200);
  assert.deepEqual(resolved.json.evidence_checks, [
    { claim: "state", state_index: 0, status: "available", unavailable_evidence: [] },
    { claim: "state", state_index: 1, status: "unavailable", unavailable_evidence: [missing[0], missing[1]] },
    { claim: "state", state_index: 2, status: "unavailable", unavailable_evidence: [missing[2], missing[3]] },
    { claim: "next_action", state_index: null, status: "unavailable", unavailable_evidence: [missing[3]] },
  ]);
  assert.equal((await app.post("/v1/handoff/commit", { scope_id: SCOPE, handoff: prepared })).status, 404);
  assert.equal(
    (await app.post("/v1/handoff/finalize", { scope_id: SCOPE, draft: { ...prepared.content, schema: undefined } }))
      .status,
    404,
  );
});

test("continue needs exactly the field its selection names, a handoff/handoff revision that exists, and its own scope", async (t) => {
  const app = await buildTestApp(t);
  const prepared = {
    schema: "powercontext.prepared-handoff.v1",
    scope_id: SCOPE,
    base: null,
    content: {
      schema: "powercontext.handoff.v1",
      objective: "o",
      state: [{ text: "t", citations: [source("s")] }],
      disposition: "complete",
      next_action: null,
      omissions: [],
    },
  };
  const cases: Array<[object, number, string]> = [
    [{ selection: "prepared" }, 422, "invalid_request"],
    [{ selection: "prepared", prepared, revision: handoffRef(1) }, 422, "invalid_request"],
    [{ selection: "exact" }, 422, "invalid_request"],
    [
      { selection: "exact", revision: { family: "memory", artifact_id: "memory", revision: 1 } },
      422,
      "invalid_request",
    ],
    [{ selection: "exact", revision: handoffRef(1) }, 404, "artifact_not_found"],
    [{ selection: "latest", prepared }, 422, "invalid_request"],
    [{ selection: "prepared", prepared: { ...prepared, scope_id: "elsewhere" } }, 422, "invalid_request"],
    [{ selection: "newest" }, 422, "invalid_request"],
  ];
  for (const [body, status, code] of cases) {
    const response = await app.post("/v1/handoff/continue", { scope_id: SCOPE, ...body });
    assert.equal(response.status, status, JSON.stringify(body));
    assert.equal(response.json.error.code, code);
  }
  const empty = await app.post("/v1/handoff/continue", {
    scope_id: SCOPE,
    selection: "latest",
    prepared: null,
    revision: null,
  });
  assert.deepEqual(empty.json, {
    trust: "untrusted_history",
    status: "empty",
    scope_id: SCOPE,
    content: null,
    selection: null,
    selected_revision: null,
    current_revision: null,
    evidence_checks: [],
  });
});
