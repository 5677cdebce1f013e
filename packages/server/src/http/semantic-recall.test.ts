// Recall by meaning through the real HTTP API, on both stores: paraphrases that share no content word with the fact,
// a task prompt whose one rare word is the link, the built-in vectors stored beside the entries, and the backfill of
// entries written without them.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import type { Store } from "../store/types.ts";
import { decodeSignature } from "../search/semantic/entry-signature.ts";
import { VectorIndex } from "../search/semantic/vector-index.ts";
import { LazyWordVectorModel } from "../search/semantic/word-vector-model.ts";
import { BOTH_STORES } from "../testing/both-stores.ts";

/** The built-in model's name, as the index stores it (version plus the digest of table and lexicon). */
const MODEL = new LazyWordVectorModel().model;

const SCOPE = "semantic";
const FACTS = [
  "We use pnpm, never npm or yarn.",
  "Dana is on call for the payments frontend this month.",
  "The backoffice app runs on Ruby 3.2; the version is pinned in .ruby-version.",
  "All unit tests run with Vitest; do not add Jest.",
];
const DISTRACTORS = [
  "The export job writes CSV files to the shared drive every night.",
  "Please keep pull requests under 400 lines.",
  "The admin dashboard shows a banner during maintenance windows.",
  "Release notes go in CHANGELOG.md under the unreleased heading.",
  "The search indexer rebuilds its index after each schema change.",
  "Logs older than thirty days are deleted from the log bucket.",
  "Feature work starts from a ticket with acceptance criteria.",
  "The mobile app caches images for a week.",
];

async function appWithFacts(t: TestContext, open: () => Promise<Store>) {
  const app = await buildTestApp(t, { store: await open() });
  for (const [index, text] of [...DISTRACTORS, ...FACTS].entries()) {
    const written = await app.post("/v1/memory/remember", { scope_id: SCOPE, kind: "fact", text, reason: `r${index}` });
    assert.equal(written.status, 200, JSON.stringify(written.json));
  }
  await untilSemanticLoaded(app.post);
  return app;
}

/**
 * A recall waits at most REFRESH_WAIT_MS for a scope's first index load and goes on lexically without it; on a busy
 * machine that first load can take longer, so the tests ask until the layer answers (a recall, not a timing, is tested).
 */
async function untilSemanticLoaded(post: TestApp["post"]): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const search = await post("/v1/memory/search", { scope_id: SCOPE, query: "warm up the index", limit: 1 });
    if (search.json.mode === "hybrid") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail("the semantic layer never loaded the scope");
}

const preparedText = (json: { status: string; content: string }) => (json.status === "ready" ? json.content : "");

for (const [engine, open] of BOTH_STORES) {
  test(`${engine}: a paraphrase sharing no content word with the fact is recalled by search and prepare`, async (t) => {
    const { post } = await appWithFacts(t, open);
    const asked: Array<[string, string]> = [
      ["Which package manager should I install dependencies with?", "We use pnpm"],
    ];
    for (const [query, expected] of asked) {
      const search = await post("/v1/memory/search", { scope_id: SCOPE, query, limit: 3 });
      assert.equal(search.status, 200);
      assert.equal(search.json.mode, "hybrid");
      assert.ok(
        search.json.hits.some((hit: { text: string }) => hit.text.includes(expected)),
        `${query}: ${JSON.stringify(search.json.hits)}`,
      );
      const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query });
      assert.ok(preparedText(prepared.json).includes(expected), `${query}: ${prepared.json.content}`);
      const lexical = await post("/v1/memory/search", { scope_id: SCOPE, query, limit: 3, mode: "fts" });
      assert.ok(!lexical.json.hits.some((hit: { text: string }) => hit.text.includes(expected)));
    }
  });

  test(`${engine}: a task prompt recalls the one entry that shares its rare word`, async (t) => {
    const { post } = await appWithFacts(t, open);
    const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query: "Bump backoffice to Ruby 3.3." });
    assert.ok(preparedText(prepared.json).includes("Ruby 3.2"), prepared.json.content);
  });

  test(`${engine}: entry vectors are stored beside the entries, and entries without one are backfilled`, async (t) => {
    const store = await open();
    t.after(() => store.close());
    const app = await buildTestApp(t, { store });
    await app.post("/v1/memory/remember", { scope_id: SCOPE, kind: "fact", text: FACTS[0], reason: "r" });
    // Written and not yet recalled: no vector is stored; the backfill computes and stores it.
    const all = { after_key: 0, limit: 1000 };
    const before = await store.readVectorHeads(SCOPE, MODEL, 0, all);
    assert.deepEqual(
      before.heads.map((head) => head.vector),
      [null],
    );
    assert.deepEqual(await store.scopesMissingVectors(MODEL), [SCOPE]);
    const index = new VectorIndex(store, new LazyWordVectorModel());
    const reported: number[] = [];
    assert.equal(await index.backfill((done) => reported.push(done.computed)), 1);
    assert.deepEqual(reported, [1]);
    const after = await store.readVectorHeads(SCOPE, MODEL, 0, all);
    const stored = after.heads[0]?.vector;
    assert.ok(stored);
    const signature = decodeSignature(stored, 100);
    assert.equal(signature?.mean.length, 100);
    assert.ok((signature?.concepts.length ?? 0) > 0, "pnpm names the package-manager concept");
    assert.deepEqual(await store.scopesMissingVectors(MODEL), []);
    // Another model's vectors do not count: switching model recomputes them.
    assert.deepEqual(await store.scopesMissingVectors("another-model"), [SCOPE]);
    // Heads are read in pages by key; only those changed after a revision are read again.
    await app.post("/v1/memory/remember", { scope_id: SCOPE, kind: "fact", text: FACTS[1], reason: "r2" });
    const first = await store.readVectorHeads(SCOPE, MODEL, 0, { after_key: 0, limit: 1 });
    assert.equal(first.heads.length, 1);
    const key = first.heads[0]?.key ?? 0;
    const second = await store.readVectorHeads(SCOPE, MODEL, 0, { after_key: key, limit: 1 });
    assert.equal(second.heads.length, 1);
    assert.ok((second.heads[0]?.key ?? 0) > key);
    const changed = await store.readVectorHeads(SCOPE, MODEL, after.revision, all);
    assert.deepEqual(
      changed.heads.map((head) => head.text),
      [FACTS[1]],
    );
  });
}

test("with semantic recall off, a paraphrase finds nothing (the layer is what recalls it)", async (t) => {
  const app = await buildTestApp(t, { semanticRecall: "off" });
  await app.post("/v1/memory/remember", { scope_id: SCOPE, kind: "fact", text: FACTS[0], reason: "r" });
  const query = "Which package manager should I install dependencies with?";
  const search = await app.post("/v1/memory/search", { scope_id: SCOPE, query });
  assert.equal(search.json.mode, "fts");
  assert.deepEqual(search.json.hits, []);
  const prepared = await app.post("/v1/context/prepare", { scope_id: SCOPE, query });
  assert.equal(prepared.json.status, "empty");
});
