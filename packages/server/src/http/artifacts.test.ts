// Experience and Skill over HTTP: propose (201, pending, nothing approved), get (exact approved revisions, 404
// otherwise), generate without a model (a deterministic draft saying what it used; no-op against an equal target),
// and every invalid kind answered 422 with nothing stored. 2xx bodies are checked against upstream's schemas.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  approvedExperience,
  captureSource,
  EXPERIENCE,
  recordOutcome,
  SCOPE,
  SKILL,
  sourceRef,
} from "../testing/artifact-fixtures.ts";
import { buildTestApp } from "../testing/test-app.ts";
import { upstreamChecker } from "../testing/upstream-schema.ts";

const upstream = upstreamChecker();

test("the upstream checker refuses what upstream's schema refuses", { skip: upstream === null }, () => {
  assert.notEqual(upstream?.("ArtifactCandidate", { candidate_id: "c" }), null);
  assert.notEqual(upstream?.("GeneratedCandidateResponse", { status: "done", candidate: null }), null);
  assert.equal(upstream?.("GeneratedCandidateResponse", { status: "no_op", candidate: null }), null);
});

function conforms(schema: string, body: unknown): void {
  if (upstream === null) return;
  assert.equal(upstream(schema, body), null, `${schema}: ${JSON.stringify(body)}`);
}

test("propose stores a pending candidate (201) and approval makes the exact revision readable", async (t) => {
  const app = await buildTestApp(t);
  const ref = await captureSource(app, "outcome-1", "Billing migrations failed on CI until the tool was pinned.");
  const proposed = await app.post("/v1/experience/propose", {
    scope_id: SCOPE,
    proposal: EXPERIENCE,
    source_refs: [ref, ref],
    artifact_refs: [],
    reason: "  Recurring CI failure  ",
  });
  assert.equal(proposed.status, 201);
  conforms("ArtifactCandidate", proposed.json);
  assert.equal(proposed.json.status, "pending");
  assert.equal(proposed.json.version, 1);
  assert.match(proposed.json.candidate_id, /^cand_[0-9a-f]{32}$/);
  assert.deepEqual(proposed.json.source_refs, [ref], "repeated evidence is stored once");
  assert.equal(proposed.json.reason, "Recurring CI failure");
  assert.equal(proposed.json.result_artifact, null);

  const approved = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: proposed.json.candidate_id,
    expected_version: 1,
  });
  assert.equal(approved.status, 200);
  conforms("ArtifactCandidate", approved.json);
  const artifact = approved.json.result_artifact;
  assert.match(artifact.artifact_id, /^exp_[0-9a-f]{32}$/);
  assert.equal(artifact.revision, 1);

  const got = await app.post("/v1/experience/get", { scope_id: SCOPE, artifact });
  assert.equal(got.status, 200);
  conforms("ExperienceArtifact", got.json);
  assert.deepEqual(got.json, { artifact, content: EXPERIENCE, source_refs: [ref], artifact_refs: [] });

  for (const missing of [
    { ...artifact, revision: 2 },
    { ...artifact, artifact_id: "exp_0" },
    { ...artifact, family: "skill" },
  ]) {
    const answer = await app.post("/v1/experience/get", { scope_id: SCOPE, artifact: missing });
    assert.equal(answer.status, 404, JSON.stringify(missing));
    assert.equal(answer.json.error.code, "artifact_not_found");
  }
  const otherScope = await app.post("/v1/experience/get", { scope_id: "other", artifact });
  assert.equal(otherScope.status, 404);

  // An approved revision is available evidence for a Handoff, as the contract's citation rule says.
  const handoff = await app.post("/v1/handoff/prepare", {
    scope_id: SCOPE,
    objective: "Hand off the CI fix",
    evidence: [{ kind: "artifact", artifact_ref: artifact }],
  });
  assert.equal(handoff.status, 200, JSON.stringify(handoff.json));
  const unknownEvidence = await app.post("/v1/handoff/prepare", {
    scope_id: SCOPE,
    objective: "Hand off the CI fix",
    evidence: [{ kind: "artifact", artifact_ref: { ...artifact, revision: 2 } }],
  });
  assert.equal(unknownEvidence.status, 404);

  const stats = await app.app.inject({ method: "GET", url: `/v1/stats?scope_id=${encodeURIComponent(SCOPE)}` });
  conforms("ScopedStats", stats.json());
  assert.deepEqual(stats.json().inventory.artifacts, { total: 1, by_family: [{ family: "experience", total: 1 }] });
  assert.deepEqual(stats.json().inventory.candidates, {
    total: 1,
    pending: 0,
    approved: 1,
    rejected: 0,
    by_family: [{ family: "experience", total: 1, pending: 0, approved: 1, rejected: 0 }],
  });
});

test("a Skill revises its target: the next revision, lineage kept, and a stale target is artifact_conflict", async (t) => {
  const app = await buildTestApp(t);
  const experience = await approvedExperience(app, "exp-src");
  const newSkill = await app.post("/v1/skill/propose", {
    scope_id: SCOPE,
    proposal: SKILL,
    source_refs: [],
    artifact_refs: [experience.result_artifact],
  });
  assert.equal(newSkill.status, 201, JSON.stringify(newSkill.json));
  const first = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: newSkill.json.candidate_id,
    expected_version: 1,
  });
  const skillRef = first.json.result_artifact;
  assert.match(skillRef.artifact_id, /^skill_[0-9a-f]{32}$/);
  const source = await captureSource(app, "skill-use-1", "The pinned tool also fixed the release pipeline.");
  const revision = { ...SKILL, validation: [...SKILL.validation, "Release pipeline migrations pass"] };
  const revising = { scope_id: SCOPE, proposal: revision, source_refs: [source], artifact_refs: [skillRef] };
  const a = await app.post("/v1/skill/propose", { ...revising, target: skillRef });
  const b = await app.post("/v1/skill/propose", { ...revising, target: skillRef });
  assert.equal(a.status, 201);
  const approvedA = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: a.json.candidate_id,
    expected_version: 1,
  });
  assert.deepEqual(approvedA.json.result_artifact, { ...skillRef, revision: 2 });
  const got = await app.post("/v1/skill/get", { scope_id: SCOPE, artifact: { ...skillRef, revision: 2 } });
  conforms("SkillArtifact", got.json);
  assert.deepEqual(got.json.content, revision);
  assert.deepEqual(got.json.artifact_refs, [skillRef]);
  // b targeted revision 1, which is no longer the head.
  const stale = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: b.json.candidate_id,
    expected_version: 1,
  });
  assert.equal(stale.status, 409);
  assert.equal(stale.json.error.code, "artifact_conflict");
  assert.deepEqual(stale.json.error.details, { current: { ...skillRef, revision: 2 } });
  const staleProposal = await app.post("/v1/skill/propose", { ...revising, target: skillRef });
  assert.equal(staleProposal.status, 409);
  assert.equal(
    (await app.post("/v1/artifact-candidates/get", { scope_id: SCOPE, candidate_id: b.json.candidate_id })).json.status,
    "pending",
  );
});

test("invalid proposals get 422 invalid_request and store nothing", async (t) => {
  const app = await buildTestApp(t);
  const ref = await captureSource(app, "src-1", "Some evidence.");
  const experience = await approvedExperience(app, "exp-src");
  const base = { scope_id: SCOPE, proposal: EXPERIENCE, source_refs: [ref], artifact_refs: [] };
  const cases: Array<[string, string, object]> = [
    ["no evidence", "/v1/experience/propose", { ...base, source_refs: [] }],
    [
      "33 references",
      "/v1/experience/propose",
      { ...base, source_refs: Array.from({ length: 33 }, (_, i) => sourceRef(`s${i}`)) },
    ],
    ["unknown Source", "/v1/experience/propose", { ...base, source_refs: [sourceRef("missing")] }],
    [
      "unknown artifact",
      "/v1/experience/propose",
      { ...base, artifact_refs: [{ ...experience.result_artifact, revision: 9 }] },
    ],
    ["blank field", "/v1/experience/propose", { ...base, proposal: { ...EXPERIENCE, lesson: "   " } }],
    ["extra key", "/v1/experience/propose", { ...base, proposal: { ...EXPERIENCE, note: "x" } }],
    ["skill proposal as experience", "/v1/experience/propose", { ...base, proposal: SKILL }],
    ["target not cited", "/v1/experience/propose", { ...base, target: experience.result_artifact }],
    [
      "target of another family",
      "/v1/skill/propose",
      { ...base, proposal: SKILL, artifact_refs: [experience.result_artifact], target: experience.result_artifact },
    ],
    ["two-line skill name", "/v1/skill/propose", { ...base, proposal: { ...SKILL, name: "Pin\ntools" } }],
    ["no validation", "/v1/skill/propose", { ...base, proposal: { ...SKILL, validation: [] } }],
    [
      "new skill citing a memory revision",
      "/v1/skill/propose",
      { ...base, proposal: SKILL, artifact_refs: [{ family: "handoff", artifact_id: "handoff", revision: 1 }] },
    ],
    ["missing scope", "/v1/experience/propose", { ...base, scope_id: undefined }],
  ];
  for (const [name, path, body] of cases) {
    const answer = await app.post(path, body);
    assert.equal(answer.status, 422, `${name}: ${JSON.stringify(answer.json)}`);
    assert.equal(answer.json.error.code, "invalid_request", name);
  }
  // A whole number spelled as a float in an integer field, as upstream's strict integers refuse it.
  const float = JSON.stringify({ ...base, artifact_refs: [experience.result_artifact] }).replace(
    '"revision":1',
    '"revision":1.0',
  );
  const refusedFloat = await app.post("/v1/experience/propose", float);
  assert.equal(refusedFloat.status, 422, JSON.stringify(refusedFloat.json));
  const pending = await app.post("/v1/artifact-candidates/list", { scope_id: SCOPE });
  assert.deepEqual(pending.json.candidates, [], "nothing was stored");
});

test("generate without a model drafts from the cited outcome, says so, and never approves", async (t) => {
  const app = await buildTestApp(t);
  const outcome = await recordOutcome(app, "outcome-ci");
  const generated = await app.post("/v1/experience/generate", {
    scope_id: SCOPE,
    source_refs: [outcome],
    artifact_refs: [],
    reason: "CI keeps breaking",
  });
  assert.equal(generated.status, 200, JSON.stringify(generated.json));
  conforms("GeneratedCandidateResponse", generated.json);
  const { candidate } = generated.json;
  assert.equal(generated.json.status, "pending");
  assert.equal(candidate.status, "pending");
  assert.equal(candidate.proposal.situation, "Make billing migrations pass on CI");
  assert.match(candidate.proposal.action, /upgraded the migration tool/);
  assert.match(candidate.proposal.outcome, /^succeeded: Migrations pass/);
  assert.match(candidate.proposal.lesson, /Remaining: Pin the tool in the release pipeline/);
  assert.equal(candidate.reason, "CI keeps breaking (Drafted without a model from 1 task outcome.)");

  const experience = await approvedExperience(app, "exp-src");
  const skill = await app.post("/v1/skill/generate", {
    scope_id: SCOPE,
    origin: "experience",
    source_refs: [],
    artifact_refs: [experience.result_artifact],
  });
  assert.equal(skill.status, 200, JSON.stringify(skill.json));
  conforms("GeneratedCandidateResponse", skill.json);
  assert.equal(skill.json.candidate.proposal.name, "Pin schema tooling in CI");
  assert.deepEqual(skill.json.candidate.proposal.validation, ["Confirm the outcome: CI passed."]);
  assert.equal(skill.json.candidate.reason, "Drafted without a model from 1 Experience.");
  const noExperience = await app.post("/v1/skill/generate", {
    scope_id: SCOPE,
    origin: "experience",
    source_refs: [outcome],
    artifact_refs: [],
  });
  assert.equal(noExperience.status, 422);
});

test("generate against a target whose head already says the same is a no-op", async (t) => {
  const app = await buildTestApp(t);
  const outcome = await recordOutcome(app, "outcome-ci");
  const first = await app.post("/v1/experience/generate", {
    scope_id: SCOPE,
    source_refs: [outcome],
    artifact_refs: [],
  });
  const approved = await app.post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: first.json.candidate.candidate_id,
    expected_version: 1,
  });
  const target = approved.json.result_artifact;
  const again = await app.post("/v1/experience/generate", {
    scope_id: SCOPE,
    source_refs: [outcome],
    artifact_refs: [target],
    target,
  });
  assert.equal(again.status, 200, JSON.stringify(again.json));
  assert.deepEqual(again.json, { status: "no_op", candidate: null });
});
