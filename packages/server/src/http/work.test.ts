// Work continuity over HTTP (contract §9): records stored as Sources with receipts and digests, idempotency and
// conflicts, claim and acknowledgement rules, and outcomes tied to accepted receipts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalJson, contentDigest } from "@powercontext/protocol";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "git:github.com/acme/billing";
const source = (source_id: string) => ({ kind: "source", source_ref: { name: "content", source_id } });
const handoffRef = (revision: number) => ({ family: "handoff", artifact_id: "handoff", revision });
const CONFIRMED = { live_state: "confirmed", capability: "confirmed", authorization: "confirmed" };

function makeContract(overrides: object = {}) {
  return {
    schema: "powercontext.work-contract.v1",
    trust: "untrusted_input",
    objective: "Move the billing export to PostgreSQL 16",
    facts: [{ text: "The export currently writes to SQLite.", basis: "declared", evidence: [] }],
    in_scope: ["Export job and its migrations"],
    exclusions: ["Invoice rendering"],
    completion_criteria: ["Export passes against staging PostgreSQL"],
    authorization_notes: [],
    open_questions: [],
    ...overrides,
  };
}

function makeCurrent(overrides: object = {}) {
  return {
    schema: "powercontext.current-work-handoff.v1",
    trust: "untrusted_input",
    objective: "Hand off the PostgreSQL export migration",
    state: [{ text: "Export job writes to PostgreSQL 16.", basis: "declared", evidence: [] }],
    disposition: "continuable",
    next_action: { text: "Compare staging row counts.", basis: "declared", evidence: [] },
    omissions: ["Load tests not run."],
    ...overrides,
  };
}

function makeOutcome(overrides: object = {}) {
  return {
    schema: "powercontext.task-outcome.v1",
    trust: "untrusted_observation",
    objective: "Move the billing export to PostgreSQL 16",
    status: "succeeded",
    summary: "Export runs on PostgreSQL 16 in staging.",
    observations: [{ text: "Staging row counts match.", basis: "declared", evidence: [] }],
    checks: [{ name: "npm test", status: "passed", basis: "declared", evidence: [] }],
    produced_artifacts: [],
    remaining_work: [],
    ...overrides,
  };
}

test("a work contract is stored as a Source with a canonical digest; the same record replays, another conflicts", async (t) => {
  const { post, store } = await buildTestApp(t);
  const contract = makeContract();
  const created = await post("/v1/work/contracts/create", { scope_id: SCOPE, source_id: "contract-1", contract });
  assert.equal(created.status, 202);
  assert.deepEqual(created.json, {
    kind: "work-contract",
    source: { name: "content", source_id: "contract-1" },
    position: 1,
    content_digest: contentDigest(contract),
  });
  const stored = await store.findSource(SCOPE, "contract-1");
  assert.equal(stored?.content, canonicalJson(contract));
  assert.deepEqual(stored?.metadata, { kind: "work-contract", schema: "powercontext.work-contract.v1" });
  const reordered = Object.fromEntries(Object.entries(contract).reverse());
  const replay = await post("/v1/work/contracts/create", {
    scope_id: SCOPE,
    source_id: "contract-1",
    contract: reordered,
  });
  assert.equal(replay.status, 202);
  assert.deepEqual(replay.json, created.json);
  const conflict = await post("/v1/work/contracts/create", {
    scope_id: SCOPE,
    source_id: "contract-1",
    contract: makeContract({ exclusions: [] }),
  });
  assert.equal(conflict.status, 409);
  assert.equal(conflict.json.error.code, "source_conflict");
});

test("work records refuse broken claims and untrimmed texts (422) and unavailable evidence (404), storing nothing", async (t) => {
  const { post, store } = await buildTestApp(t);
  const cases: Array<[object, number]> = [
    [makeContract({ facts: [{ text: "Verified without evidence.", basis: "verified", evidence: [] }] }), 422],
    [makeContract({ facts: [{ text: "Declared with evidence.", basis: "declared", evidence: [source("s")] }] }), 422],
    [makeContract({ objective: " untrimmed" }), 422],
    [makeContract({ in_scope: [] }), 422],
    [makeContract({ trust: "trusted" }), 422],
    [makeContract({ facts: [{ text: "Checked.", basis: "verified", evidence: [source("missing")] }] }), 404],
  ];
  for (const [contract, status] of cases) {
    const response = await post("/v1/work/contracts/create", { scope_id: SCOPE, source_id: "c", contract });
    assert.equal(response.status, status, JSON.stringify(contract).slice(0, 160));
  }
  assert.equal((await store.readJournalWindow(SCOPE, 10)).high_watermark, 0);
  assert.equal(
    (await post("/v1/work/contracts/create", { scope_id: SCOPE, source_id: " c", contract: makeContract() })).status,
    422,
  );
});

test("prepare-current captures the boundary and finalizes a draft citing it first; commit and acknowledge follow", async (t) => {
  const { post } = await buildTestApp(t);
  await post("/v1/sources/content", { scope_id: SCOPE, source_id: "log-1", content: "Row counts: 1200 = 1200." });
  const handoff = makeCurrent({
    state: [{ text: "Row counts match.", basis: "verified", evidence: [source("log-1"), source("log-1")] }],
  });
  const response = await post("/v1/work/handoffs/prepare-current", {
    scope_id: SCOPE,
    source_id: "boundary-1",
    handoff,
  });
  assert.equal(response.status, 200, JSON.stringify(response.json));
  const boundary = source("boundary-1");
  assert.deepEqual(response.json.boundary, {
    kind: "handoff-boundary",
    source: boundary.source_ref,
    position: 2,
    content_digest: contentDigest(handoff),
  });
  assert.deepEqual(response.json.handoff, {
    schema: "powercontext.prepared-handoff.v1",
    scope_id: SCOPE,
    base: null,
    content: {
      schema: "powercontext.handoff.v1",
      objective: handoff.objective,
      state: [{ text: "Row counts match.", citations: [boundary, source("log-1")] }],
      disposition: "continuable",
      next_action: { text: "Compare staging row counts.", citations: [boundary] },
      omissions: [{ text: "Load tests not run.", citation: null }],
    },
  });
  const again = await post("/v1/work/handoffs/prepare-current", { scope_id: SCOPE, source_id: "boundary-1", handoff });
  assert.deepEqual(again.json, response.json);
  assert.equal(
    (
      await post("/v1/work/handoffs/prepare-current", {
        scope_id: SCOPE,
        source_id: "boundary-1",
        handoff: makeCurrent(),
      })
    ).status,
    409,
  );

  const committed = await post("/v1/handoff/commit", { scope_id: SCOPE, handoff: response.json.handoff });
  assert.deepEqual(committed.json.reference, handoffRef(1));
  const ack = await post("/v1/work/handoffs/acknowledge", {
    scope_id: SCOPE,
    source_id: "receipt-bob",
    receiver: "pi:bob-laptop",
    status: "accepted",
    selection: "exact",
    receiver_checks: CONFIRMED,
    revision: handoffRef(1),
  });
  assert.equal(ack.status, 200, JSON.stringify(ack.json));
  assert.equal(ack.json.resolution.status, "resolved");
  assert.deepEqual(ack.json.resolution.selected_revision, handoffRef(1));
  assert.equal(ack.json.receipt.kind, "handoff-receipt");
  assert.equal(ack.json.receipt.position, 3);
  assert.match(ack.json.receipt.content_digest, /^sha256:[0-9a-f]{64}$/);

  const outcome = makeOutcome({
    handoff_receipt_ref: { name: "content", source_id: "receipt-bob" },
    produced_artifacts: [handoffRef(1)],
  });
  const recorded = await post("/v1/work/outcomes/record", { scope_id: SCOPE, source_id: "outcome-1", outcome });
  assert.equal(recorded.status, 202, JSON.stringify(recorded.json));
  assert.equal(recorded.json.kind, "task-outcome");
  const explicitNulls = { ...outcome, checks: [{ ...outcome.checks[0], details: null }] };
  assert.deepEqual(
    (await post("/v1/work/outcomes/record", { scope_id: SCOPE, source_id: "outcome-1", outcome: explicitNulls })).json,
    recorded.json,
    "omitted and null details store the same record",
  );
  assert.equal(
    (await post("/v1/work/outcomes/record", { scope_id: SCOPE, source_id: "outcome-1", outcome: makeOutcome() }))
      .status,
    409,
  );
});

test("acknowledgement rules: the selection's field, confirmed checks to accept, a message otherwise, available evidence", async (t) => {
  const { post } = await buildTestApp(t);
  const prepared = (
    await post("/v1/work/handoffs/prepare-current", { scope_id: SCOPE, source_id: "b", handoff: makeCurrent() })
  ).json.handoff;
  const broken = {
    ...prepared,
    content: { ...prepared.content, state: [{ text: "Gone.", citations: [source("never")] }] },
  };
  const base = { scope_id: SCOPE, source_id: "r", receiver: "pi:bob" };
  const cases: Array<[string, object, number]> = [
    ["prepared without the value", { status: "accepted", selection: "prepared", receiver_checks: CONFIRMED }, 422],
    [
      "prepared with a revision too",
      { status: "accepted", selection: "prepared", receiver_checks: CONFIRMED, prepared, revision: handoffRef(1) },
      422,
    ],
    ["exact without a revision", { status: "declined", selection: "exact", message: "No." }, 422],
    ["latest is not a selection here", { status: "declined", selection: "latest", message: "No." }, 422],
    ["accepted without checks", { status: "accepted", selection: "prepared", prepared }, 422],
    [
      "accepted with a mismatch",
      {
        status: "accepted",
        selection: "prepared",
        prepared,
        receiver_checks: { ...CONFIRMED, live_state: "mismatch" },
      },
      422,
    ],
    ["declined without a message", { status: "declined", selection: "prepared", prepared }, 422],
    [
      "accepted with unavailable evidence",
      { status: "accepted", selection: "prepared", prepared: broken, receiver_checks: CONFIRMED },
      422,
    ],
    [
      "exact revision that does not exist",
      { status: "needs_clarification", selection: "exact", revision: handoffRef(4), message: "Which?" },
      404,
    ],
  ];
  for (const [name, body, status] of cases) {
    assert.equal((await post("/v1/work/handoffs/acknowledge", { ...base, ...body })).status, status, name);
  }
  const clarify = await post("/v1/work/handoffs/acknowledge", {
    ...base,
    status: "needs_clarification",
    selection: "prepared",
    prepared: broken,
    message: "Evidence is missing.",
  });
  assert.equal(clarify.status, 200);
  assert.equal(clarify.json.resolution.evidence_checks[0].status, "unavailable");
  const accepted = await post("/v1/work/handoffs/acknowledge", {
    ...base,
    source_id: "r2",
    status: "accepted",
    selection: "prepared",
    prepared,
    receiver_checks: CONFIRMED,
  });
  assert.equal(accepted.status, 200);

  // An outcome may only point at an accepted receipt of an exact revision.
  for (const ref of ["r", "r2", "b", "nowhere"]) {
    const outcome = makeOutcome({ handoff_receipt_ref: { name: "content", source_id: ref } });
    assert.equal(
      (await post("/v1/work/outcomes/record", { scope_id: SCOPE, source_id: `o-${ref}`, outcome })).status,
      422,
      ref,
    );
  }
  const unavailable = makeOutcome({ produced_artifacts: [{ family: "skill", artifact_id: "skill_1", revision: 1 }] });
  assert.equal(
    (await post("/v1/work/outcomes/record", { scope_id: SCOPE, source_id: "o-x", outcome: unavailable })).status,
    404,
  );
});
