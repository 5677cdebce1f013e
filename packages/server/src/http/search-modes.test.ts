import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import type { Embedder } from "../search/embeddings/types.ts";
import { createHashingEmbedder } from "../testing/hashing-embedder.ts";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "project:modes";

async function appWithMemory(t: TestContext, embedder: Embedder | null) {
  const testApp = await buildTestApp(t, { embedder });
  for (const [kind, text] of [
    ["decision", "Billing invoices are stored in PostgreSQL 16."],
    ["command", "Run pnpm test in the billing package before pushing."],
    ["fact", "The search indexer reads from Kafka."],
  ]) {
    assert.equal((await testApp.post("/v1/memory/remember", { scope_id: SCOPE, kind, text })).status, 200);
  }
  return testApp;
}

test("without an embedder, capabilities list auto and fts only, and vector and hybrid answer 422", async (t) => {
  const { app, post } = await appWithMemory(t, null);
  assert.deepEqual((await app.inject({ method: "GET", url: "/v1/capabilities" })).json().search_modes, ["auto", "fts"]);
  for (const mode of ["vector", "hybrid"]) {
    const response = await post("/v1/memory/search", { scope_id: SCOPE, query: "billing invoices", mode });
    assert.equal(response.status, 422);
    assert.equal(response.json.error.code, "capability_not_supported");
    assert.deepEqual(response.json.error.details, { capability: mode });
  }
});

test("with an embedder, capabilities add vector and hybrid, and each mode reports how its hits matched", async (t) => {
  const embedder = createHashingEmbedder();
  const { app, post } = await appWithMemory(t, embedder);
  assert.deepEqual((await app.inject({ method: "GET", url: "/v1/capabilities" })).json().search_modes, [
    "auto",
    "fts",
    "vector",
    "hybrid",
  ]);
  const query = "where are billing invoices stored";
  const hybrid = await post("/v1/memory/search", { scope_id: SCOPE, query, mode: "hybrid" });
  assert.equal(hybrid.status, 200);
  assert.equal(hybrid.json.mode, "hybrid");
  assert.equal(hybrid.json.hits[0].text, "Billing invoices are stored in PostgreSQL 16.");
  assert.deepEqual(hybrid.json.hits[0].matched_by, ["fts", "vector"]);
  for (const hit of hybrid.json.hits) {
    assert.ok(hit.matched_by.length > 0 && hit.score > 0 && hit.score <= 1);
  }
  const vector = await post("/v1/memory/search", { scope_id: SCOPE, query, mode: "vector" });
  assert.equal(vector.json.mode, "vector");
  assert.ok(vector.json.hits.length > 0);
  for (const hit of vector.json.hits) assert.deepEqual(hit.matched_by, ["vector"]);
});

test("auto, fts and prepare never call the configured embedder (auto and prepare use the built-in layer)", async (t) => {
  const embedder = createHashingEmbedder();
  const { post } = await appWithMemory(t, embedder);
  const fts = await post("/v1/memory/search", { scope_id: SCOPE, query: "billing invoices", mode: "fts" });
  assert.equal(fts.json.mode, "fts");
  for (const hit of fts.json.hits) assert.deepEqual(hit.matched_by, ["fts"]);
  for (const mode of [undefined, "auto"]) {
    const search = await post("/v1/memory/search", { scope_id: SCOPE, query: "billing invoices", mode });
    assert.equal(search.json.mode, "hybrid");
    assert.deepEqual(search.json.hits[0].matched_by, ["fts", "vector"]);
  }
  await post("/v1/context/prepare", { scope_id: SCOPE, query: "billing invoices" });
  assert.equal(embedder.calls, 0);
});

test("when the embedder fails, hybrid answers with the built-in ranking", async (t) => {
  const failing: Embedder = { name: "down", embed: async () => ({ status: "unavailable" }) };
  const { post } = await appWithMemory(t, failing);
  const search = await post("/v1/memory/search", { scope_id: SCOPE, query: "billing invoices", mode: "hybrid" });
  assert.equal(search.status, 200);
  assert.equal(search.json.mode, "hybrid");
  assert.equal(search.json.hits[0].text, "Billing invoices are stored in PostgreSQL 16.");
  assert.deepEqual(search.json.hits[0].matched_by, ["fts", "vector"]);
});

test("secrets in the query are scrubbed before they reach the embedder", async (t) => {
  const seen: string[] = [];
  const hashing = createHashingEmbedder();
  const recording: Embedder = {
    name: "recording",
    embed: async (texts) => {
      seen.push(...texts);
      return hashing.embed(texts);
    },
  };
  const { post } = await appWithMemory(t, recording);
  // An irregular body: a repeated unit (`a1B2a1B2…`) reads as a documentation mask and is rightly left alone.
  const key = ["ghp", "q7Zr2Lk9Xw4Mv8Tn3Bs6Pd1Hf5Jc0Ya2Ue7Gi"].join("_");
  await post("/v1/memory/search", { scope_id: SCOPE, query: `billing invoices token ${key}`, mode: "hybrid" });
  assert.ok(seen.length > 0);
  assert.ok(seen.every((text) => !text.includes(key)));
  // A secret across the 8,000-character cut of the query is redacted whole, not cut into an unrecognised head.
  seen.length = 0;
  const prose = "Where are the billing invoices stored? ".repeat(205).slice(0, 7990);
  await post("/v1/memory/search", { scope_id: SCOPE, query: `${prose} ${key}`, mode: "vector" });
  assert.ok(seen.length > 0);
  assert.ok(
    seen.every((text) => !text.includes(key.slice(0, 8))),
    seen[0]?.slice(-40),
  );
});

test("a long prompt's pasted logs and code are not embedded: the embedder gets the prose the lexical terms came from", async (t) => {
  const queries: string[] = [];
  const hashing = createHashingEmbedder();
  const recording: Embedder = {
    name: "recording",
    embed: async (texts) => {
      queries.push(texts[0] ?? "");
      return hashing.embed(texts);
    },
  };
  const { post } = await appWithMemory(t, recording);
  const log = Array.from(
    { length: 30 },
    (_, i) => `2026-11-29T10:00:${String(i).padStart(2, "0")}Z ERROR worker-${i} retry budget exhausted`,
  ).join("\n");
  const prose = "Where are the billing invoices stored? The export job failed, see the log below.";
  await post("/v1/memory/search", { scope_id: SCOPE, query: `${prose}\n${log}`, mode: "hybrid" });
  await post("/v1/memory/search", { scope_id: SCOPE, query: "billing invoices", mode: "vector" });
  assert.equal(queries.length, 2);
  assert.ok(queries[0]?.includes("billing invoices stored"), queries[0]);
  assert.ok(!queries[0]?.includes("retry budget exhausted"), "the pasted log stays out of the query vector");
  assert.equal(queries[1], "billing invoices", "a prompt with nothing pasted is embedded whole");
});
