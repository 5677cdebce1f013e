import assert from "node:assert/strict";
import { test } from "node:test";
import { VectorIndex } from "../../search/semantic/vector-index.ts";
import { LazyWordVectorModel } from "../../search/semantic/word-vector-model.ts";
import { openSqliteStore } from "../../store/sqlite/index.ts";
import { sequentialIds } from "../../testing/fakes.ts";
import { rememberEntry } from "./entry-writes.ts";
import { buildEntryVersion } from "./new-entry.ts";
import { DEFAULT_TUNING, rankRecall } from "./recall-ranking.ts";

test("a long turn that answers in one sentence is judged by that sentence, not diluted by the rest", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const answer =
    "how would you test the retry plugin here? I asked Kofi to review the flaky calculator tests once it's green. " +
    "Also the docs need a pass and the changelog is stale and the release notes are late again.";
  const texts = [
    "Quick follow-up on the flaky calculator tests, some things changed since we last talked.",
    "The flaky calculator tests run in batches of 400 now.",
    "I'm demoing the flaky calculator tests at the Wednesday design sync.",
    "Please review the README fix number 1.",
    "Please review the README fix number 2.",
    answer,
  ];
  for (const text of texts) {
    const entry = buildEntryVersion(ids, { kind: "fact", text });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  const first = async (passageWeight: number) => {
    const tuning = { ...DEFAULT_TUNING, passageWeight };
    const { ranked } = await rankRecall(
      { store, semantic: null, tuning },
      "s",
      "Who was reviewing the flaky calculator tests?",
      3,
    );
    return ranked[0]?.hit.entry.text;
  };
  assert.equal(await first(DEFAULT_TUNING.passageWeight), answer);
  // Whole-entry BM25 alone puts a short mention first: the rest of the turn dilutes its answer.
  assert.notEqual(await first(0), answer);
});

test("a recall reads the prompt's term frequencies once, long prompt or short", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const entry = buildEntryVersion(ids, { kind: "fact", text: "The flaky calculator tests run in batches of 400 now." });
  await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  let reads = 0;
  const counting = {
    ...store,
    termFrequencies: (...args: Parameters<typeof store.termFrequencies>) => {
      reads += 1;
      return store.termFrequencies(...args);
    },
  };
  const long = `flaky calculator tests ${Array.from({ length: 60 }, (_, i) => `word${i}x`).join(" ")}`;
  for (const query of ["Why are the flaky calculator tests slow?", long]) {
    reads = 0;
    const { ranked } = await rankRecall({ store: counting, semantic: null }, "s", query, 3);
    assert.equal(ranked.length, 1);
    assert.equal(reads, 1, query.slice(0, 40));
  }
});

test("a turn captured right after a strong match rises above an equal match from elsewhere in the journal", async (t) => {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  const turns = [
    "Let's plan the billing export job for this week.",
    "Settled: it runs nightly at two in the morning.",
    ...Array.from({ length: 12 }, (_, i) => `Unrelated chatter about lunch options, take ${i}.`),
    "We settled the invoice export font question: Inter.",
  ];
  for (const [position, text] of turns.entries()) {
    const source_id = `src-${position}`;
    await store.captureSource({
      scope_id: "s",
      source_id,
      content: text,
      metadata: { session_id: "one" },
      payload_digest: source_id,
      redaction_count: 0,
      captured_at: "n",
    });
    const entry = buildEntryVersion(ids, { kind: "fact", text, source_refs: [{ name: "content", source_id }] });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  const semantic = new VectorIndex(store, new LazyWordVectorModel());
  // Loaded first, so that no recall goes on without the layer while the scope's first load runs.
  await semantic.refresh("s");
  const order = async (contextShare: number) => {
    const tuning = { ...DEFAULT_TUNING, contextShare };
    const { ranked } = await rankRecall(
      { store, semantic, tuning },
      "s",
      "What got settled for the billing export job?",
      5,
    );
    const texts = ranked.map(({ hit }) => hit.entry.text);
    return { next: texts.indexOf(turns[1] ?? ""), far: texts.indexOf(turns.at(-1) ?? "") };
  };
  const credited = await order(DEFAULT_TUNING.contextShare);
  assert.ok(credited.next >= 0 && credited.next < credited.far, JSON.stringify(credited));
  // Without the credit the far turn's extra shared word ("export") puts it first.
  const alone = await order(0);
  assert.ok(alone.far >= 0 && alone.far < alone.next, JSON.stringify(alone));
});
