// Approved Experiences in prepare (api-v1.md §6.2), on both stores: interleaved with Memory as M1, E1, M2, E2, at most
// two per preparation, cited by their artifact revision with kind "experience"; pending ones never appear.
import assert from "node:assert/strict";
import { test } from "node:test";
import { approvedExperience, EXPERIENCE, SCOPE } from "../testing/artifact-fixtures.ts";
import { openTestPostgresStore } from "../testing/postgres.ts";
import { buildTestApp } from "../testing/test-app.ts";
import { openSqliteStore } from "../store/sqlite/index.ts";

const OPENERS = { sqlite: () => openSqliteStore(":memory:"), postgres: () => openTestPostgresStore() };

function itemsOf(content: string): Array<{ citation: Record<string, unknown>; content: string; kind?: string }> {
  const line = content.split("\n").at(-2) ?? "";
  return JSON.parse(line).items;
}

for (const [engine, open] of Object.entries(OPENERS)) {
  test(`${engine}: prepare interleaves Memory and at most two approved Experiences`, async (t) => {
    const app = await buildTestApp(t, { store: await open() });
    for (const text of [
      "Billing migrations run with the pinned migration tool on CI.",
      "The CI migration job for billing uses PostgreSQL 16.",
    ]) {
      const remembered = await app.post("/v1/memory/remember", { scope_id: SCOPE, kind: "decision", text });
      assert.equal(remembered.status, 200);
    }
    const experiences = [];
    for (const [index, lesson] of [
      "Pin schema tooling in CI.",
      "Pin migration tools in CI.",
      "Pin CI migration images.",
    ].entries()) {
      experiences.push(await approvedExperience(app, `exp-src-${index}`, { ...EXPERIENCE, lesson }));
    }
    await app.post("/v1/experience/propose", {
      scope_id: SCOPE,
      proposal: { ...EXPERIENCE, lesson: "Pending billing migration CI lesson." },
      source_refs: experiences[0].source_refs,
      artifact_refs: [],
    });
    const prepared = await app.post("/v1/context/prepare", {
      scope_id: SCOPE,
      query: "Why do billing migrations fail on CI?",
      max_bytes: 8000,
    });
    assert.equal(prepared.status, 200);
    assert.equal(prepared.json.status, "ready");
    const items = itemsOf(prepared.json.content);
    assert.deepEqual(
      items.map((item) => item.kind ?? "memory"),
      ["memory", "experience", "memory", "experience"],
    );
    const experienceItem = items[1];
    assert.ok(experienceItem);
    const cited = experiences.map((e) => e.result_artifact.artifact_id);
    assert.ok(cited.includes((experienceItem.citation.artifact_ref as { artifact_id: string }).artifact_id));
    assert.deepEqual(Object.keys(experienceItem), ["citation", "content", "truncated", "kind"]);
    assert.match(
      experienceItem.content,
      /^Situation: Billing migrations failed on CI\.\nAction: .+\nOutcome: CI passed\.\nLesson: Pin /,
    );
    assert.ok(!prepared.json.content.includes("Pending billing migration CI lesson."));
  });
}

test("with no Memory, matching Experiences alone make the context; an unrelated prompt stays empty", async (t) => {
  const app = await buildTestApp(t);
  await approvedExperience(app, "exp-src");
  const prepared = await app.post("/v1/context/prepare", { scope_id: SCOPE, query: "billing migrations on CI" });
  assert.equal(prepared.json.status, "ready");
  assert.deepEqual(
    itemsOf(prepared.json.content).map((item) => item.kind),
    ["experience"],
  );
  const unrelated = await app.post("/v1/context/prepare", { scope_id: SCOPE, query: "frontend colour palette" });
  assert.equal(unrelated.json.status, "empty");
});
