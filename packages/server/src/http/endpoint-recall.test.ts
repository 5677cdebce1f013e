// Recall with an embeddings endpoint configured, through the real HTTP API and the real embeddings client against a
// local fake endpoint: its vectors recall what the built-in layer cannot (on both stores); an endpoint that fails,
// hangs or changes dimension never fails a recall, which falls back to the built-in layer.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import type { EmbeddingConfig } from "../config.ts";
import type { EndpointEvent } from "../search/embeddings/endpoint-index.ts";
import { LazyWordVectorModel } from "../search/semantic/word-vector-model.ts";
import { openSqliteStore } from "../store/sqlite/index.ts";
import type { Store } from "../store/types.ts";
import { embeddingInputs, embeddingsReply } from "../testing/fake-embeddings.ts";
import { type FakeModelServer, startFakeModelServer } from "../testing/fake-model-server.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { BOTH_STORES } from "../testing/both-stores.ts";

const SCOPE = "endpoint";
/** Shares no word with its fact, and the built-in layer finds the two too far apart; the fake endpoint maps both to one vector. */
const PROMPT = "Who should review my database migration?";
const FACT = "Ravens nest in the old clock tower every spring.";
/** Found by the built-in layer alone (semantic-recall.test.ts): what a fall-back recall still finds. */
const PARAPHRASE = "Which package manager should I install dependencies with?";
const ENTRIES = [
  "We use pnpm, never npm or yarn.",
  "The export job writes CSV files to the shared drive every night.",
  "Please keep pull requests under 400 lines.",
  "The admin dashboard shows a banner during maintenance windows.",
  "Release notes go in CHANGELOG.md under the unreleased heading.",
  "Logs older than thirty days are deleted from the log bucket.",
  "The mobile app caches images for a week.",
  FACT,
];

const builtin = new LazyWordVectorModel();

/** The fake endpoint's model: the built-in mean word direction, except that the prompt and the fact share one vector. */
function vectorOf(text: string): number[] {
  const connected = text.includes("database migration") || text.includes("Ravens");
  const vector = builtin.embed(connected ? PROMPT : text);
  return vector ? [...vector] : [1, ...new Array<number>(99).fill(0)];
}

async function writeEntries(app: TestApp): Promise<void> {
  for (const [index, text] of ENTRIES.entries()) {
    const written = await app.post("/v1/memory/remember", { scope_id: SCOPE, kind: "fact", text, reason: `r${index}` });
    assert.equal(written.status, 200, JSON.stringify(written.json));
  }
}

/** An app whose endpoint index was started over the entries (written first unless `written`). */
async function endpointApp(t: TestContext, store: Store, { written = false } = {}) {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  fake.respond = (request) => embeddingsReply(request, vectorOf);
  const embedding: EmbeddingConfig = {
    baseUrl: fake.baseUrl,
    name: "fake-embed",
    apiKey: null,
    timeoutMs: 10_000,
    concurrency: 2,
    recallTimeoutMs: 300,
  };
  const app = await buildTestApp(t, { store, embedding });
  if (!written) await writeEntries(app);
  const events: EndpointEvent[] = [];
  assert.ok(app.domain.endpoint);
  await app.domain.endpoint.start((event) => events.push(event));
  return { fake, app, events, model: app.domain.endpoint.model as string };
}

async function prepared(app: TestApp, query: string): Promise<string> {
  const response = await app.post("/v1/context/prepare", { scope_id: SCOPE, query });
  assert.equal(response.status, 200, JSON.stringify(response.json));
  return response.json.status === "ready" ? response.json.content : "";
}

for (const [engine, open] of BOTH_STORES) {
  test(`${engine}: with an endpoint, prepare and search recall an entry only the endpoint's vectors connect to the prompt`, async (t) => {
    const store = await open();
    // The built-in layer alone does not recall it (nor do words): the endpoint is what finds it.
    const plain = await buildTestApp(t, { store });
    await writeEntries(plain);
    assert.ok(!(await prepared(plain, PROMPT)).includes("Ravens"));

    const { app, fake, events, model } = await endpointApp(t, store, { written: true });
    assert.match(model, /^endpoint-v1\/100d\/builtin-wv100-.+\/fake-embed$/);
    assert.deepEqual(
      events.filter((event) => event.kind === "backfilled").map((event) => event.computed),
      [ENTRIES.length],
    );
    assert.ok((await prepared(app, PROMPT)).includes("Ravens"), "the endpoint's vectors connect prompt and fact");
    const search = await app.post("/v1/memory/search", { scope_id: SCOPE, query: PROMPT, limit: 3 });
    const hit = search.json.hits.find((found: { text: string }) => found.text === FACT);
    assert.deepEqual(hit?.matched_by, ["vector"]);
    // What the built-in layer recalls by meaning, the endpoint's recall keeps.
    assert.ok((await prepared(app, PARAPHRASE)).includes("pnpm"));

    // Stored beside the entries under the endpoint's name, next to the built-in vectors the plain app stored.
    const all = { after_key: 0, limit: 100 };
    const heads = (await store.readVectorHeads(SCOPE, model, 0, all)).heads;
    assert.equal(heads.length, ENTRIES.length);
    assert.ok(heads.every((head) => head.vector?.length !== undefined && head.vector.length >= 100 + 4));
    assert.deepEqual(await store.scopesMissingVectors(builtin.model), []);
    assert.deepEqual(await store.scopesMissingVectors(model), []);
    // Entry texts went in batches on the background connection; the prompt went alone.
    const inputs = fake.requests.map(embeddingInputs);
    assert.ok(inputs.some((texts) => texts.length === ENTRIES.length && texts.includes(FACT)));
    assert.ok(inputs.some((texts) => texts.length === 1 && texts[0] === PROMPT));
  });
}

test("a secret in the prompt is redacted before it reaches the endpoint", async (t) => {
  const { app, fake } = await endpointApp(t, await openSqliteStore(":memory:"));
  // Assembled at run time, and irregular: a straight `abcdef…` body reads as a documentation mask.
  const secret = ["ghp", "q7Zr2Lk9Xw4Mv8Tn3Bs6Pd1Hf5Jc0Ya2Ue7Gi"].join("_");
  await prepared(app, `${PROMPT} The token is ${secret}.`);
  const sent = fake.requests.flatMap(embeddingInputs);
  assert.ok(
    sent.some((text) => text.includes("[REDACTED")),
    JSON.stringify(sent),
  );
  assert.ok(!sent.some((text) => text.includes(secret)));
});

async function failingEndpoint(t: TestContext, fail: (fake: FakeModelServer) => void) {
  const setup = await endpointApp(t, await openSqliteStore(":memory:"));
  assert.ok((await prepared(setup.app, PROMPT)).includes("Ravens"), "the endpoint served while it worked");
  fail(setup.fake);
  return setup;
}

test("an endpoint answering errors: prepare and search answer 200 with the built-in layer's recall", async (t) => {
  const { app, fake, events } = await failingEndpoint(t, (fake) => {
    fake.respond = () => ({ status: 500, raw: '{"error":{"message":"overloaded"}}' });
  });
  const content = await prepared(app, PARAPHRASE);
  assert.ok(content.includes("pnpm"), "the built-in layer still recalls by meaning");
  assert.ok(!(await prepared(app, PROMPT)).includes("Ravens"), "the built-in layer answered, not the endpoint");
  assert.ok(events.some((event) => event.kind === "unavailable" && event.reason === "error"));
  // After a failure the endpoint is left alone for a while: later turns do not pay for it.
  const asked = fake.requests.length;
  const search = await app.post("/v1/memory/search", { scope_id: SCOPE, query: PARAPHRASE });
  assert.equal(search.status, 200);
  assert.equal(search.json.mode, "hybrid");
  assert.equal(fake.requests.length, asked);
});

test("an endpoint that hangs: prepare answers 200 with the built-in layer's recall long before the hang ends", async (t) => {
  const { app, events } = await failingEndpoint(t, (fake) => {
    fake.respond = (request) => ({ ...embeddingsReply(request, vectorOf), delayMs: 60_000 });
  });
  const started = performance.now();
  const content = await prepared(app, PARAPHRASE);
  const elapsed = performance.now() - started;
  assert.ok(content.includes("pnpm"), "the built-in layer answered");
  assert.ok(elapsed < 10_000, `answered after ${Math.round(elapsed)} ms`);
  assert.ok(events.some((event) => event.kind === "unavailable" && event.reason === "timeout"));
});

test("an endpoint whose vectors change dimension: recall falls back, then entries are embedded again under the new name", async (t) => {
  const { app, fake, events, model } = await endpointApp(t, await openSqliteStore(":memory:"));
  fake.respond = (request) => embeddingsReply(request, (text) => [...vectorOf(text), 0, 0, 0, 0]);
  assert.ok((await prepared(app, PARAPHRASE)).includes("pnpm"), "the built-in layer answered");
  const endpoint = app.domain.endpoint;
  assert.ok(endpoint);
  for (let i = 0; i < 100 && !events.some((event) => event.kind === "backfill_finished" && event.model !== model); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(events.some((event) => event.kind === "dimensions_changed" && event.dimensions === 104));
  assert.match(endpoint.model ?? "", /^endpoint-v1\/104d\//);
  const again = events.filter((event) => event.kind === "backfilled" && event.model === endpoint.model);
  assert.deepEqual(
    again.map((event) => event.kind === "backfilled" && event.computed),
    [ENTRIES.length],
  );
  assert.deepEqual(await app.store.scopesMissingVectors(endpoint.model ?? ""), []);
  assert.ok((await prepared(app, PROMPT)).includes("Ravens"), "the endpoint serves again");
});
