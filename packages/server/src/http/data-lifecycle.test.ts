// The data lifecycle through the real pipeline on both engines: a scope built over HTTP (captures, flushes, explicit
// entries, a revision, a retirement, an approved Experience), exported and imported into a fresh store, answers
// every prepare exactly as the original did; and the purge operations over HTTP, behind the bearer token, with their
// refusals.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { exportScope } from "../domain/lifecycle/export-scope.ts";
import { importScope, type NumberedLine } from "../domain/lifecycle/import-scope.ts";
import { openSqliteStore } from "../store/sqlite/index.ts";
import type { Store } from "../store/types.ts";
import { openTestPostgresStore } from "../testing/postgres.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";

const SCOPE = "lifecycle";
const QUERIES = [
  "Which package manager should I install dependencies with?",
  "how do we run the database migrations",
  "what port does the dev server listen on",
  "tabs or spaces",
];

/**
 * Builds a scope the way clients do: captures and flushes, explicit entries, a revision, a retirement and an approved
 * Experience.
 */
async function buildScope({ post }: TestApp): Promise<void> {
  const sources = [
    "We decided to use pnpm instead of npm for installing packages in this repo.",
    "Always run database migrations with `npm run migrate` before the tests.",
    "Can you look at the failing test?",
    "The dev server listens on port 5173; we prefer it over 3000.",
    "We decided to indent with two spaces, never tabs.",
  ];
  for (const [index, content] of sources.entries()) {
    const captured = await post("/v1/sources/content", { scope_id: SCOPE, source_id: `s${index}`, content });
    assert.equal(captured.status, 202);
    if (index % 2 === 1) assert.equal((await post("/v1/memory/flush", { scope_id: SCOPE })).status, 200);
  }
  assert.equal((await post("/v1/memory/flush", { scope_id: SCOPE })).status, 200);
  const remembered = await post("/v1/memory/remember", {
    scope_id: SCOPE,
    kind: "fact",
    text: "Migrations live in db/migrations and run in filename order.",
  });
  assert.equal(remembered.status, 200, JSON.stringify(remembered.json));
  const listed = await post("/v1/memory/entries/list", { scope_id: SCOPE });
  const [first, second] = listed.json.entries;
  const revised = await post("/v1/memory/entries/revise", {
    scope_id: SCOPE,
    citation: first.citation,
    kind: first.kind,
    text: `${first.text} Confirmed in review.`,
  });
  assert.equal(revised.status, 200, JSON.stringify(revised.json));
  const retired = await post("/v1/memory/entries/retire", { scope_id: SCOPE, citation: second.citation });
  assert.equal(retired.status, 200, JSON.stringify(retired.json));
  await approveExperience(post);
}

/** An approved Experience about the migrations, which prepare recalls next to Memory. */
async function approveExperience(post: TestApp["post"]): Promise<void> {
  const proposed = await post("/v1/experience/propose", {
    scope_id: SCOPE,
    proposal: {
      situation: "The database migrations failed before the tests ran.",
      action: "Ran the migrations with npm run migrate first.",
      outcome: "The tests passed.",
      lesson: "Run the database migrations before running the tests.",
    },
    source_refs: [{ name: "content", source_id: "s1" }],
    artifact_refs: [],
  });
  assert.equal(proposed.status, 201, JSON.stringify(proposed.json));
  const approved = await post("/v1/artifact-candidates/approve", {
    scope_id: SCOPE,
    candidate_id: proposed.json.candidate_id,
    expected_version: 1,
  });
  assert.equal(approved.status, 200, JSON.stringify(approved.json));
}

async function prepareAll({ post }: TestApp): Promise<unknown[]> {
  const answers = [];
  for (const query of QUERIES) {
    const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query });
    assert.equal(prepared.status, 200);
    answers.push(prepared.json);
  }
  return answers;
}

async function roundTrip(t: TestContext, open: () => Promise<Store>): Promise<void> {
  const original = await buildTestApp(t, { store: await open() });
  await buildScope(original);
  const before = await prepareAll(original);
  assert.ok(JSON.stringify(before).includes("pnpm"), "the scope recalls something");
  assert.ok(JSON.stringify(before).includes("Run the database migrations before"), "prepare recalls the Experience");
  const copy = await buildTestApp(t, { store: await open() });
  async function* lines(): AsyncGenerator<NumberedLine> {
    let number = 0;
    for await (const line of exportScope(original.domain, { scope_id: SCOPE, pageSize: 2 })) {
      yield { number: (number += 1), line };
    }
  }
  const summary = await importScope(copy.domain, lines());
  assert.equal(summary.created.source, 5);
  assert.deepEqual(await prepareAll(copy), before);
}

test("an export imported into a fresh SQLite store gives identical prepare results", (t) =>
  roundTrip(t, () => openSqliteStore(":memory:")));

test("an export imported into a fresh PostgreSQL store gives identical prepare results", (t) =>
  roundTrip(t, () => openTestPostgresStore()));

test("purge operations answer with an audit record, and refuse unknown targets and bad input", async (t) => {
  const app = await buildTestApp(t);
  await buildScope(app);
  const { post } = app;
  const entries = (await post("/v1/memory/entries/list", { scope_id: SCOPE })).json.entries;
  const entryId = entries[0].citation.entry_id;
  const purged = await post("/v1/purge/entry", { scope_id: SCOPE, entry_id: entryId });
  assert.equal(purged.status, 200, JSON.stringify(purged.json));
  assert.equal(purged.json.audit.target, "entry");
  assert.equal(purged.json.audit.removed.entries, 1);
  assert.equal(purged.json.compacted, true);
  const after = (await post("/v1/memory/entries/list", { scope_id: SCOPE, include_inactive: true })).json.entries;
  assert.equal(
    after.some((entry: { citation: { entry_id: string } }) => entry.citation.entry_id === entryId),
    false,
  );

  const source = await post("/v1/purge/source", { scope_id: SCOPE, source_id: "s0" });
  assert.equal(source.status, 200);
  assert.ok(Array.isArray(source.json.entries_citing_source));
  const unknownSource = await post("/v1/purge/source", { scope_id: SCOPE, source_id: "s0" });
  assert.equal(unknownSource.status, 404);
  assert.equal(unknownSource.json.error.code, "not_found");
  assert.deepEqual(unknownSource.json.error.details, { scope_id: SCOPE, source_id: "s0" });
  const unknownEntry = await post("/v1/purge/entry", { scope_id: SCOPE, entry_id: entryId });
  assert.equal(unknownEntry.json.error.code, "memory_not_found");
  const unknownScope = await post("/v1/purge/scope", { scope_id: "never-used" });
  assert.equal(unknownScope.status, 404);
  const bad = await post("/v1/purge/source", { scope_id: SCOPE });
  assert.equal(bad.status, 422);
  const extra = await post("/v1/purge/scope", { scope_id: SCOPE, text: "no such field" });
  assert.equal(extra.status, 422);

  const audits = await post("/v1/purge/list", { scope_id: SCOPE });
  assert.deepEqual(
    audits.json.purges.map((audit: { target: string }) => audit.target),
    ["entry", "source"],
  );
  const scope = await post("/v1/purge/scope", { scope_id: SCOPE });
  assert.equal(scope.status, 200);
  assert.equal((await post("/v1/memory/entries/list", { scope_id: SCOPE })).json.entries.length, 0);
});

test("the purge operations need the bearer token when one is configured", async (t) => {
  const { app } = await buildTestApp(t, { token: "secret-token" });
  const refused = await app.inject({ method: "POST", url: "/v1/purge/scope", payload: { scope_id: SCOPE } });
  assert.equal(refused.statusCode, 401);
  const allowed = await app.inject({
    method: "POST",
    url: "/v1/purge/scope",
    payload: { scope_id: SCOPE },
    headers: { authorization: "Bearer secret-token" },
  });
  assert.equal(allowed.statusCode, 404);
});
