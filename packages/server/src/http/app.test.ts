import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "git:github.com/acme/billing";

function capture(source_id: string, content: string, metadata: object = { origin: "test" }) {
  return { scope_id: SCOPE, source_id, content, metadata };
}

test("capturing the same bytes twice returns the original receipt; different bytes conflict", async (t) => {
  const { post } = await buildTestApp(t);
  const first = await post("/v1/sources/content", capture("s1", "hello"));
  assert.equal(first.status, 202);
  assert.deepEqual(first.json, { status: "accepted", source: { name: "content", source_id: "s1" }, position: 1 });
  const again = await post("/v1/sources/content", capture("s1", "hello"));
  assert.equal(again.status, 202);
  assert.deepEqual(again.json, first.json);
  const reordered = await post("/v1/sources/content", {
    scope_id: SCOPE,
    source_id: "s1",
    content: "hello",
    metadata: { origin: "test" },
  });
  assert.equal(reordered.status, 202);
  const conflict = await post("/v1/sources/content", capture("s1", "hello!"));
  assert.equal(conflict.status, 409);
  assert.equal(conflict.json.error.code, "source_conflict");
  const next = await post("/v1/sources/content", capture("s2", "world"));
  assert.equal(next.json.position, 2);
});

test("200 concurrent captures to one scope get gap-free positions", async (t) => {
  const { post } = await buildTestApp(t);
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) => post("/v1/sources/content", capture(`c${i}`, `content ${i}`))),
  );
  const positions = responses.map((r) => r.json.position as number).sort((a, b) => a - b);
  assert.deepEqual(
    positions,
    Array.from({ length: 200 }, (_, i) => i + 1),
  );
});

test("capture → flush → candidates → review → memory → prepare recalls a cited entry for a paraphrased query", async (t) => {
  const { post } = await buildTestApp(t);
  await post(
    "/v1/sources/content",
    capture("p1", "We decided to use pnpm instead of npm for installing packages in this repo."),
  );
  await post("/v1/sources/content", capture("p2", "Can you look at the failing test?"));
  const flush = await post("/v1/memory/flush", { scope_id: SCOPE });
  assert.equal(flush.status, 200);
  assert.equal(flush.json.status, "processed");
  assert.equal(flush.json.previous_cursor, 0);
  assert.equal(flush.json.current_cursor, 2);
  assert.equal(flush.json.high_watermark, 2);
  assert.equal(flush.json.processed_source_count, 2);
  assert.deepEqual(flush.json.memory, { family: "memory", artifact_id: "memory", revision: 1 });
  const approved = await post("/v1/memory/candidates/list", { scope_id: SCOPE, status: "approved" });
  assert.equal(approved.json.candidates.length, 1);
  assert.equal(approved.json.candidates[0].reviewer, "policy:auto");
  assert.deepEqual(approved.json.candidates[0].source_refs, [{ name: "content", source_id: "p1" }]);

  const prepared = await post("/v1/context/prepare", {
    scope_id: SCOPE,
    query: "Which package manager should I install dependencies with?",
  });
  assert.equal(prepared.status, 200);
  assert.equal(prepared.json.status, "ready");
  assert.equal(prepared.json.content_bytes, Buffer.byteLength(prepared.json.content));
  const block = JSON.parse(prepared.json.content.split("\n")[4]);
  assert.equal(block.items.length, 1);
  assert.equal(block.items[0].citation.entry_id, approved.json.candidates[0].result.entry_id);
  assert.match(block.items[0].content, /pnpm instead of npm/);

  const idle = await post("/v1/memory/flush", { scope_id: SCOPE });
  assert.deepEqual(idle.json, {
    status: "idle",
    previous_cursor: 2,
    current_cursor: 2,
    high_watermark: 2,
    processed_source_count: 0,
    memory: null,
  });
});

test("the manual policy keeps candidates pending until a person approves them", async (t) => {
  const { post } = await buildTestApp(t, { reviewPolicy: { mode: "manual" } });
  await post("/v1/sources/content", capture("m1", "Never force-push to the main branch."));
  await post("/v1/memory/flush", { scope_id: SCOPE });
  assert.deepEqual((await post("/v1/memory/entries/list", { scope_id: SCOPE })).json, { memory: null, entries: [] });
  const pending = await post("/v1/memory/candidates/list", { scope_id: SCOPE });
  assert.equal(pending.json.candidates.length, 1);
  const candidate = pending.json.candidates[0];
  assert.equal(candidate.status, "pending");
  assert.equal(candidate.reviewer, null);
  const stale = await post("/v1/memory/candidates/approve", {
    scope_id: SCOPE,
    candidate_id: candidate.candidate_id,
    expected_version: 2,
  });
  assert.equal(stale.status, 409);
  assert.deepEqual(stale.json.error, {
    code: "candidate_conflict",
    message: "The Candidate version is stale.",
    details: { expected_version: 2, current_version: 1 },
  });
  const approved = await post("/v1/memory/candidates/approve", {
    scope_id: SCOPE,
    candidate_id: candidate.candidate_id,
    expected_version: 1,
    reviewer: "user:alice",
  });
  assert.equal(approved.status, 200);
  assert.equal(approved.json.status, "approved");
  assert.equal(approved.json.reviewer, "user:alice");
  const entries = (await post("/v1/memory/entries/list", { scope_id: SCOPE })).json.entries;
  assert.equal(entries.length, 1);
  assert.deepEqual(entries[0].source_refs, [{ name: "content", source_id: "m1" }]);
  const again = await post("/v1/memory/candidates/reject", {
    scope_id: SCOPE,
    candidate_id: candidate.candidate_id,
    expected_version: 1,
    reason: "late",
  });
  assert.equal(again.status, 409);
  assert.deepEqual(again.json.error.details, { status: "approved" });
});

test("revise and retire keep history, and changes reports it", async (t) => {
  const { post } = await buildTestApp(t);
  const remembered = await post("/v1/memory/remember", {
    scope_id: SCOPE,
    kind: "decision",
    text: "  Use PostgreSQL 16 for billing.  ",
    reason: "review",
  });
  assert.equal(remembered.status, 200);
  assert.equal(remembered.json.entry.text, "Use PostgreSQL 16 for billing.");
  const citation = remembered.json.entry.citation;
  await post("/v1/memory/remember", { scope_id: SCOPE, kind: "note", text: "Unrelated." });
  const revised = await post("/v1/memory/entries/revise", {
    scope_id: SCOPE,
    citation,
    kind: "decision",
    text: "Use PostgreSQL 16.4 for billing.",
    reason: "pin",
  });
  assert.equal(revised.status, 200, JSON.stringify(revised.json));
  assert.equal(revised.json.entry.version, 2);
  const stale = await post("/v1/memory/entries/revise", {
    scope_id: SCOPE,
    citation,
    kind: "decision",
    text: "Again.",
  });
  assert.equal(stale.status, 409);
  assert.equal(stale.json.error.code, "revision_conflict");
  const retired = await post("/v1/memory/entries/retire", {
    scope_id: SCOPE,
    citation: revised.json.entry.citation,
    reason: "ADR-12",
  });
  assert.equal(retired.json.entry.state, "inactive");
  const inactive = await post("/v1/memory/entries/revise", {
    scope_id: SCOPE,
    citation: retired.json.entry.citation,
    kind: "decision",
    text: "x",
  });
  assert.equal(inactive.json.error.code, "memory_entry_inactive");
  const old = await post("/v1/memory/entries/get", { scope_id: SCOPE, citation });
  assert.equal(old.json.text, "Use PostgreSQL 16 for billing.");
  const changes = await post("/v1/memory/changes", { scope_id: SCOPE, since_revision: 0 });
  assert.deepEqual(
    changes.json.revisions.map((r: { changes: Array<{ op: string; reason: string | null }> }) =>
      r.changes.map((c) => `${c.op}:${c.reason}`),
    ),
    [["add:review"], ["add:null"], ["revise:pin"], ["deactivate:ADR-12"]],
  );
  assert.equal((await post("/v1/memory/changes", { scope_id: SCOPE, since_revision: 9 })).status, 422);
  const listed = await post("/v1/memory/entries/list", { scope_id: SCOPE, include_inactive: true });
  assert.equal(listed.json.entries.length, 2);
});

test("a 50,000-character prompt still gets recall", async (t) => {
  const { post } = await buildTestApp(t);
  await post("/v1/memory/remember", {
    scope_id: SCOPE,
    kind: "constraint",
    text: "The billing export must stream rows; never load the whole table into memory.",
  });
  const filler = "Here is a long stack trace and log output from the build server. ".repeat(800);
  const query = `${filler}\nHow should the billing export read the table?`;
  assert.ok(query.length >= 50_000);
  const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query });
  assert.equal(prepared.status, 200);
  assert.equal(prepared.json.status, "ready");
  const search = await post("/v1/memory/search", { scope_id: SCOPE, query, limit: 5 });
  assert.equal(search.json.hits.length, 1);
  assert.equal((await post("/v1/context/prepare", { scope_id: SCOPE, query: "x".repeat(200_001) })).status, 422);
});

test("CJK text is recalled by a CJK query", async (t) => {
  const { post } = await buildTestApp(t);
  await post("/v1/memory/remember", { scope_id: SCOPE, kind: "constraint", text: "数据库迁移必须在发布之前完成。" });
  await post("/v1/memory/remember", { scope_id: SCOPE, kind: "decision", text: "前端使用 React 构建。" });
  const search = await post("/v1/memory/search", { scope_id: SCOPE, query: "什么时候做数据库迁移？" });
  assert.equal(search.json.mode, "fts");
  assert.equal(search.json.hits[0]?.text, "数据库迁移必须在发布之前完成。");
  const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query: "数据库迁移", max_bytes: 1024 });
  assert.equal(prepared.json.status, "ready");
  assert.ok(prepared.json.content_bytes <= 1024);
});

test("an empty scope prepares the exact empty value and searches to the empty response", async (t) => {
  const { post } = await buildTestApp(t);
  const prepared = await post("/v1/context/prepare", { scope_id: "nothing", query: "anything" });
  assert.deepEqual(prepared.json, {
    schema: "powercontext.prepared-context.v1",
    status: "empty",
    content: null,
    content_bytes: 0,
  });
  assert.deepEqual((await post("/v1/memory/search", { scope_id: "nothing", query: "x" })).json, {
    memory: null,
    mode: null,
    hits: [],
  });
  assert.deepEqual((await post("/v1/memory/changes", { scope_id: "nothing" })).json, { memory: null, revisions: [] });
  assert.equal(
    (await post("/v1/memory/search", { scope_id: "nothing", query: "x", mode: "vector" })).json.error.code,
    "capability_not_supported",
  );
});

test("stats count sources, the flush cursor, entries by kind and recall over a 30-day default period", async (t) => {
  const { app, post, recall, store, clock } = await buildTestApp(t);
  await post("/v1/sources/content", capture("st1", "We must run npm test before every commit."));
  await post("/v1/sources/content", capture("st2", "ok"));
  await post("/v1/memory/flush", { scope_id: SCOPE });
  await post("/v1/sources/content", capture("st3", "later"));
  const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query: "what must run before a commit?" });
  await post("/v1/context/prepare", { scope_id: SCOPE, query: "what must run before a commit?" });
  await post("/v1/context/prepare", { scope_id: SCOPE, query: "zebra xylophone" });
  await recall.flush();
  // The store also keeps the items and bytes recalled per day (the dashboard's trend); the wire form stays as it is.
  const today = clock.now().toISOString().slice(0, 10);
  const [day] = await store.readRecallDaily(SCOPE, today, today);
  assert.deepEqual([day?.preparations, day?.recalled_items], [3, 2], "one entry recalled twice, nothing once");
  assert.equal(day?.recalled_bytes, 2 * prepared.json.content_bytes);
  const response = await app.inject({ method: "GET", url: `/v1/stats?scope_id=${encodeURIComponent(SCOPE)}` });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers["cache-control"], "no-store");
  const stats = response.json();
  assert.deepEqual(stats.inventory.sources, { total: 3, memory_processed: 2, memory_pending: 1 });
  assert.equal(stats.inventory.memory.entries.active, 1);
  assert.equal(stats.usage.daily.length, 30);
  assert.equal(stats.recall.totals.preparations, 3);
  assert.equal(stats.recall.totals.ready_preparations, 2);
  assert.equal(stats.recall.totals.recalled_items, undefined);
  assert.equal(stats.recall.totals.comparable_preparations, 2);
  // Both preparations count the cited Source's size: ceil(41 ASCII characters / 4) = 11 tokens each.
  assert.equal(stats.recall.totals.baseline_tokens, 22);
  const unknown = await app.inject({ method: "GET", url: `/v1/stats?scope_id=a&extra=1` });
  assert.equal(unknown.statusCode, 422);
  const oneDay = await app.inject({ method: "GET", url: `/v1/stats?scope_id=a&period=today` });
  assert.equal(oneDay.json().usage.daily.length, 1);
});

test("capabilities are the closed nine-field value", async (t) => {
  const { app } = await buildTestApp(t);
  const response = await app.inject({ method: "GET", url: "/v1/capabilities" });
  assert.deepEqual(Object.keys(response.json()).sort(), [
    "artifact_families",
    "context_versions",
    "experience_generation",
    "external_skill_registry",
    "handoff_generation",
    "managed_skill_generation",
    "memory_extraction",
    "search_modes",
    "source_types",
  ]);
});
