// The review inbox over HTTP (api-v1.md §10): list and get, the three writes with their checks in the contract's order
// (404 candidate_not_found, 409 candidate_terminal, 409 candidate_conflict), revise's own rules, and invalid requests
// (422, nothing changed). 2xx bodies are checked against upstream's schemas.
import assert from "node:assert/strict";
import { test } from "node:test";
import { captureSource, EXPERIENCE, SCOPE, SKILL } from "../testing/artifact-fixtures.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { upstreamChecker } from "../testing/upstream-schema.ts";

const upstream = upstreamChecker();

function conforms(schema: string, body: unknown): void {
  if (upstream !== null) assert.equal(upstream(schema, body), null, `${schema}: ${JSON.stringify(body)}`);
}

async function proposeTwo(app: TestApp) {
  const ref = await captureSource(app, "src-1", "Billing migrations failed on CI.");
  const body = { scope_id: SCOPE, proposal: EXPERIENCE, source_refs: [ref], artifact_refs: [] };
  const experience = (await app.post("/v1/experience/propose", body)).json;
  const skill = (await app.post("/v1/skill/propose", { ...body, proposal: SKILL })).json;
  return { ref, experience, skill };
}

test("list pages pending heads by family in id order; get answers the head or 404", async (t) => {
  const app = await buildTestApp(t);
  const { experience, skill } = await proposeTwo(app);
  const all = await app.post("/v1/artifact-candidates/list", { scope_id: SCOPE });
  assert.equal(all.status, 200);
  conforms("ArtifactCandidatePage", all.json);
  assert.deepEqual(all.json, { candidates: [experience, skill], next_cursor: null });
  const firstPage = await app.post("/v1/artifact-candidates/list", { scope_id: SCOPE, limit: 1 });
  assert.deepEqual(firstPage.json, { candidates: [experience], next_cursor: experience.candidate_id });
  const secondPage = await app.post("/v1/artifact-candidates/list", {
    scope_id: SCOPE,
    cursor: experience.candidate_id,
  });
  assert.deepEqual(secondPage.json.candidates, [skill]);
  const skills = await app.post("/v1/artifact-candidates/list", {
    scope_id: SCOPE,
    family: "skill",
    status: "pending",
  });
  assert.deepEqual(skills.json.candidates, [skill]);
  const approvedOnes = await app.post("/v1/artifact-candidates/list", {
    scope_id: SCOPE,
    status: "approved",
    family: null,
  });
  assert.deepEqual(approvedOnes.json.candidates, []);

  const got = await app.post("/v1/artifact-candidates/get", { scope_id: SCOPE, candidate_id: skill.candidate_id });
  assert.equal(got.status, 200);
  conforms("ArtifactCandidate", got.json);
  assert.deepEqual(got.json, skill);
  const missing = await app.post("/v1/artifact-candidates/get", { scope_id: SCOPE, candidate_id: "cand_missing" });
  assert.equal(missing.status, 404);
  assert.equal(missing.json.error.code, "candidate_not_found");
  const elsewhere = await app.post("/v1/artifact-candidates/get", {
    scope_id: "other",
    candidate_id: skill.candidate_id,
  });
  assert.equal(elsewhere.status, 404);
});

test("writes check not-found, then terminal, then the version; revise appends the next version", async (t) => {
  const app = await buildTestApp(t);
  const { ref, experience } = await proposeTwo(app);
  const id = experience.candidate_id;
  const revise = (expected_version: number, proposal: object = { ...EXPERIENCE, lesson: "Pin all schema tools." }) =>
    app.post("/v1/artifact-candidates/revise", {
      scope_id: SCOPE,
      candidate_id: id,
      expected_version,
      proposal,
      source_refs: [ref],
      artifact_refs: [],
      reason: "Broader lesson",
    });
  const revised = await revise(1);
  assert.equal(revised.status, 200);
  conforms("ArtifactCandidate", revised.json);
  assert.deepEqual(revised.json, {
    ...experience,
    version: 2,
    proposal: { ...EXPERIENCE, lesson: "Pin all schema tools." },
    reason: "Broader lesson",
  });
  const stale = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: id,
    expected_version: 1,
  });
  assert.equal(stale.status, 409);
  assert.deepEqual(stale.json.error, {
    code: "candidate_conflict",
    message: "The Candidate version is stale.",
    details: { expected_version: 1, current_version: 2 },
  });
  const unknown = await app.post("/v1/artifact-candidates/reject", {
    scope_id: SCOPE,
    candidate_id: "cand_missing",
    expected_version: 1,
    reason: "No.",
  });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json.error.code, "candidate_not_found");
  const rejected = await app.post("/v1/artifact-candidates/reject", {
    scope_id: SCOPE,
    candidate_id: id,
    expected_version: 2,
    reason: " Too specific to one CI run. ",
  });
  assert.equal(rejected.status, 200);
  conforms("ArtifactCandidate", rejected.json);
  assert.equal(rejected.json.status, "rejected");
  assert.equal(rejected.json.version, 2);
  assert.equal(rejected.json.decision_reason, "Too specific to one CI run.");
  assert.equal(rejected.json.result_artifact, null);
  // Terminal wins over a stale version.
  const terminal = await revise(1);
  assert.equal(terminal.status, 409);
  assert.deepEqual(terminal.json.error.details, { status: "rejected" });
});

test("revise keeps the family and the target, and refuses invalid requests without a change", async (t) => {
  const app = await buildTestApp(t);
  const { ref, experience, skill } = await proposeTwo(app);
  const base = {
    scope_id: SCOPE,
    candidate_id: experience.candidate_id,
    expected_version: 1,
    proposal: EXPERIENCE,
    source_refs: [ref],
    artifact_refs: [],
  };
  const cases: Array<[string, string, object | string]> = [
    ["a Skill proposal for an Experience", "/v1/artifact-candidates/revise", { ...base, proposal: SKILL }],
    [
      "an Experience proposal for a Skill",
      "/v1/artifact-candidates/revise",
      { ...base, candidate_id: skill.candidate_id },
    ],
    [
      "a new target",
      "/v1/artifact-candidates/revise",
      { ...base, target: { family: "experience", artifact_id: "exp_1", revision: 1 } },
    ],
    ["no evidence", "/v1/artifact-candidates/revise", { ...base, source_refs: [] }],
    [
      "an unknown Source",
      "/v1/artifact-candidates/revise",
      { ...base, source_refs: [{ name: "content", source_id: "nope" }] },
    ],
    ["expected_version 0", "/v1/artifact-candidates/approve", { ...base, expected_version: 0 }],
    [
      "a float version",
      "/v1/artifact-candidates/approve",
      `{"scope_id":"${SCOPE}","candidate_id":"${experience.candidate_id}","expected_version":1.0}`,
    ],
    [
      "a blank reject reason",
      "/v1/artifact-candidates/reject",
      { scope_id: SCOPE, candidate_id: experience.candidate_id, expected_version: 1, reason: "  " },
    ],
    [
      "an unknown key",
      "/v1/artifact-candidates/approve",
      { scope_id: SCOPE, candidate_id: experience.candidate_id, expected_version: 1, reviewer: "me" },
    ],
    ["a float limit", "/v1/artifact-candidates/list", `{"scope_id":"${SCOPE}","limit":5.0}`],
    ["limit 101", "/v1/artifact-candidates/list", { scope_id: SCOPE, limit: 101 }],
    ["a null status", "/v1/artifact-candidates/list", { scope_id: SCOPE, status: null }],
    ["an unknown family", "/v1/artifact-candidates/list", { scope_id: SCOPE, family: "memory" }],
    ["a spaced candidate id", "/v1/artifact-candidates/get", { scope_id: SCOPE, candidate_id: "cand 1" }],
  ];
  for (const [name, path, body] of cases) {
    const answer = await app.post(path, body);
    assert.equal(answer.status, 422, `${name}: ${JSON.stringify(answer.json)}`);
    assert.equal(answer.json.error.code, "invalid_request", name);
  }
  const listed = await app.post("/v1/artifact-candidates/list", { scope_id: SCOPE });
  assert.deepEqual(listed.json.candidates, [experience, skill], "nothing changed");
});
