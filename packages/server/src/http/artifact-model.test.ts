// Experience and Skill generation with a configured model (a local fake OpenAI-compatible server): a valid answer
// becomes the pending proposal, the usage is counted under its purpose, and a malformed or out-of-contract answer or
// a failed call falls back to the deterministic draft, saying so in the reason. Nothing is ever approved.
import assert from "node:assert/strict";
import { test } from "node:test";
import { approvedExperience, EXPERIENCE, recordOutcome, SCOPE, SKILL } from "../testing/artifact-fixtures.ts";
import { startFakeModelServer } from "../testing/fake-model-server.ts";
import { buildTestApp } from "../testing/test-app.ts";

test("a model's valid proposal is used; invalid answers and failures fall back to the deterministic draft", async (t) => {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  const app = await buildTestApp(t, {
    model: { baseUrl: fake.baseUrl, name: "fake-chat", apiKey: null, timeoutMs: 2000, concurrency: 2 },
  });
  const outcome = await recordOutcome(app, "outcome-ci");
  const generate = () =>
    app.post("/v1/experience/generate", { scope_id: SCOPE, source_refs: [outcome], artifact_refs: [] });

  fake.enqueue({ content: JSON.stringify(EXPERIENCE) });
  const modelled = await generate();
  assert.equal(modelled.status, 200, JSON.stringify(modelled.json));
  assert.deepEqual(modelled.json.candidate.proposal, EXPERIENCE);
  assert.equal(modelled.json.candidate.status, "pending");
  assert.equal(modelled.json.candidate.reason, "Drafted by the configured model from 1 task outcome.");
  const prompt = fake.requests.at(-1)?.body.messages?.[1]?.content ?? "";
  assert.match(prompt, /Make billing migrations pass on CI/, "the prompt carries the evidence");

  for (const [reply, how] of [
    [{ content: JSON.stringify({ ...EXPERIENCE, extra: "x" }) }, "the model's answer was refused"],
    [{ content: JSON.stringify({ ...EXPERIENCE, lesson: " " }) }, "the model's answer was refused"],
    [{ content: "not json" }, "the model's answer was refused"],
    [{ status: 500, content: "" }, "model unavailable"],
  ] as const) {
    fake.enqueue(reply);
    const fallback = await generate();
    assert.equal(fallback.status, 200, JSON.stringify(fallback.json));
    assert.equal(fallback.json.candidate.proposal.situation, "Make billing migrations pass on CI");
    assert.equal(fallback.json.candidate.reason, `Drafted without a model (${how}) from 1 task outcome.`);
  }

  const experience = await approvedExperience(app, "exp-src");
  fake.enqueue({ content: JSON.stringify({ ...SKILL, name: "Two\nlines" }) }, { content: JSON.stringify(SKILL) });
  const refused = await app.post("/v1/skill/generate", {
    scope_id: SCOPE,
    origin: "experience",
    source_refs: [],
    artifact_refs: [experience.result_artifact],
  });
  assert.equal(refused.json.candidate.proposal.name, "Pin schema tooling in CI");
  const skill = await app.post("/v1/skill/generate", {
    scope_id: SCOPE,
    origin: "experience",
    source_refs: [],
    artifact_refs: [experience.result_artifact],
  });
  assert.deepEqual(skill.json.candidate.proposal, SKILL);

  const stats = (
    await app.app.inject({ method: "GET", url: `/v1/stats?scope_id=${encodeURIComponent(SCOPE)}` })
  ).json();
  const purposes = stats.usage.by_purpose.map((p: { purpose: string; generation: { requests: number } }) => [
    p.purpose,
    p.generation.requests,
  ]);
  assert.deepEqual(purposes, [
    ["experience_generation", 5],
    ["skill_generation", 2],
  ]);
  const approved = await app.post("/v1/artifact-candidates/list", { scope_id: SCOPE, status: "approved" });
  assert.equal(approved.json.candidates.length, 1, "only the Experience the test approved itself");
});
