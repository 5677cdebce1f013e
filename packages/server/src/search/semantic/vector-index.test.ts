import assert from "node:assert/strict";
import { test } from "node:test";
import { memoryText, queryText, random } from "../../../../../bench/lib/dataset.ts";
import { rememberEntry } from "../../domain/memory/entry-writes.ts";
import { buildEntryVersion } from "../../domain/memory/new-entry.ts";
import { openSqliteStore } from "../../store/sqlite/index.ts";
import { sequentialIds } from "../../testing/fakes.ts";
import { VectorIndex } from "./vector-index.ts";
import { LazyWordVectorModel } from "./word-vector-model.ts";

test("the two-pass scan of a large scope finds what an exact scan finds", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const next = random(7);
  for (let i = 0; i < 3000; i += 1) {
    const entry = buildEntryVersion(ids, { kind: "fact", text: memoryText(next, i) });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  const model = new LazyWordVectorModel();
  const index = new VectorIndex(store, model);
  await index.refresh("s");
  let overlap = 0;
  const queries = 20;
  for (let i = 0; i < queries; i += 1) {
    const query = model.embed(queryText(random(100 + i)));
    assert.ok(query);
    const fast = (await index.nearest("s", query, 50)) ?? [];
    const exact = await index.nearestExactly("s", query, 50);
    const kept = new Set(fast.map((neighbour) => neighbour.entry_version_id));
    overlap += exact.filter((neighbour) => kept.has(neighbour.entry_version_id)).length;
  }
  assert.ok(overlap / (queries * 50) >= 0.98, `overlap ${overlap / (queries * 50)}`);
  // A second index loads the signatures the first one stored, and answers exactly as it does.
  const reloaded = new VectorIndex(store, model);
  await reloaded.refresh("s");
  const query = model.profile("How does the billing service use Redis?");
  assert.ok(query);
  assert.deepEqual(await reloaded.nearest("s", query.mean, 30), await index.nearest("s", query.mean, 30));
});

test("a recall does not wait for a scope's first load: it goes on without the layer, and a later one uses it", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const next = random(3);
  for (let i = 0; i < 20; i += 1) {
    const entry = buildEntryVersion(ids, { kind: "fact", text: memoryText(next, i) });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  const slow: typeof store = {
    ...store,
    readVectorHeads: async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return store.readVectorHeads(...args);
    },
  };
  const model = new LazyWordVectorModel();
  const index = new VectorIndex(slow, model);
  const query = model.embed("billing service database");
  assert.ok(query);
  assert.equal(await index.nearest("s", query, 5), null);
  await index.refresh("s");
  assert.equal((await index.nearest("s", query, 5))?.length, 5);
});

test("entries naming the prompt's concepts are found whatever their mean direction, rarer concepts weighing more", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const texts = [
    "We use pnpm for the ledger, never yarn.",
    ...Array.from({ length: 300 }, (_, i) => `Note ${i}: the lamp on floor ${i % 7} flickers before lunch.`),
    ...Array.from({ length: 40 }, (_, i) => `Deploy step ${i} for the kubernetes cluster is scripted.`),
  ];
  for (const text of texts) {
    const entry = buildEntryVersion(ids, { kind: "fact", text });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  const model = new LazyWordVectorModel();
  const index = new VectorIndex(store, model);
  const profile = model.profile("Which package manager do I install with, and what runs the kubernetes pods?");
  assert.ok(profile && profile.concepts.length >= 2);
  const byMeanOnly = await index.related("s", profile, { byMean: 5, byConcepts: 0 });
  const withConcepts = await index.related("s", profile, { byMean: 5, byConcepts: 5 });
  const byConceptsOnly = await index.related("s", profile, { byMean: 0, byConcepts: 5 });
  assert.ok(byMeanOnly && withConcepts && byConceptsOnly);
  assert.equal(byMeanOnly.neighbours.length, 5);
  const textOf = async (versionIds: string[]) =>
    (await store.readSearchHits("s", versionIds)).hits.map((hit) => hit.entry.text);
  const found = await textOf(withConcepts.neighbours.map((n) => n.entry_version_id));
  assert.ok(found.includes(texts[0] as string), "the one entry naming the rare concept is found");
  // The package-manager concept (one entry) weighs more than the container one (forty entries).
  const weights = withConcepts.conceptWeights;
  assert.equal(weights.length, profile.concepts.length);
  assert.ok(Math.max(...weights) > 2 * Math.min(...weights), `weights ${[...weights]}`);
  // Best first: the entry naming the rarer concept, then entries naming the common one; none naming neither.
  const conceptOnly = await textOf(byConceptsOnly.neighbours.map((n) => n.entry_version_id));
  assert.equal(conceptOnly.length, 5);
  assert.equal(conceptOnly[0], texts[0]);
  assert.ok(conceptOnly.slice(1).every((text) => text.includes("kubernetes")));
});

test("entries naming a related concept of the prompt's are found by the concept scan, after those naming it", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const texts = [
    "All repo credentials are managed by Doppler.",
    "Rotate the API token every quarter.",
    ...Array.from({ length: 200 }, (_, i) => `Note ${i}: the lamp on floor ${i % 7} flickers before lunch.`),
  ];
  for (const text of texts) {
    const entry = buildEntryVersion(ids, { kind: "fact", text });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  const model = new LazyWordVectorModel();
  const index = new VectorIndex(store, model);
  const profile = model.profile("Where am I supposed to store the API tokens?");
  assert.ok(profile);
  const related = await index.related("s", profile, { byMean: 0, byConcepts: 5 });
  assert.ok(related);
  const found = (
    await store.readSearchHits(
      "s",
      related.neighbours.map((n) => n.entry_version_id),
    )
  ).hits.map((hit) => hit.entry.text);
  assert.deepEqual(found.slice(0, 2), [texts[1], texts[0]]);
});

test("a recall naming the revision the index holds reads nothing from the store, and one naming a newer revision reads the change", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const remember = async (text: string) => {
    const entry = buildEntryVersion(ids, { kind: "fact", text });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
    return { versionId: entry.entry_version_id, revision: (await store.getMemoryHead("s"))?.revision };
  };
  for (let i = 0; i < 20; i += 1) await remember(`Note ${i}: the lamp on floor ${i % 7} flickers before lunch.`);
  let reads = 0;
  const counting: typeof store = {
    ...store,
    readVectorHeads: (...args) => {
      reads += 1;
      return store.readVectorHeads(...args);
    },
  };
  const model = new LazyWordVectorModel();
  const index = new VectorIndex(counting, model);
  const profile = model.profile("Which package manager do we install with?");
  assert.ok(profile);
  const limits = { byMean: 5, byConcepts: 5 };
  const held = (await store.getMemoryHead("s"))?.revision;
  await index.refresh("s");
  reads = 0;
  assert.ok(await index.related("s", profile, limits, held));
  assert.equal(reads, 0);
  const written = await remember("We use pnpm for the ledger, never yarn.");
  const related = await index.related("s", profile, limits, written.revision);
  assert.ok(reads > 0);
  assert.ok(related?.neighbours.some((neighbour) => neighbour.entry_version_id === written.versionId));
});
