import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { openSqliteStore } from "../../store/sqlite/index.ts";
import { sequentialIds } from "../../testing/fakes.ts";
import { rememberEntry } from "./entry-writes.ts";
import { buildEntryVersion } from "./new-entry.ts";
import { DEFAULT_TUNING, rankRecall } from "./recall-ranking.ts";

/** A SQLite store in memory whose scope "s" holds one fact per text, closed after the test. */
async function storeHolding(t: TestContext, texts: readonly string[]) {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  for (const text of texts) {
    const entry = buildEntryVersion(ids, { kind: "fact", text });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  return store;
}

test("a long turn that answers in one sentence is judged by that sentence, not diluted by the rest", async (t) => {
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
  const store = await storeHolding(t, texts);
  const first = async (passageWeight: number) => {
    // Answer shapes off: this test is about the passage alone.
    const tuning = { ...DEFAULT_TUNING, passageWeight, shapeWeight: 0 };
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
  const store = await storeHolding(t, ["The flaky calculator tests run in batches of 400 now."]);
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

test("a question asking for a kind of value ranks the turn holding one above turns about the same topic", async (t) => {
  const answer = "The billing export bug is tracked under PAY-158 btw.";
  const texts = [
    "Back on the billing export bug again. Picking up where we left off last time about the billing export.",
    "Once the ticket queue is sorted, the rest of the billing export bug should be mostly mechanical.",
    "For the billing export bug I would look at the ticket cache first.",
    answer,
  ];
  const store = await storeHolding(t, texts);
  const order = async (query: string, shapeWeight: number) => {
    const tuning = { ...DEFAULT_TUNING, shapeWeight };
    const { ranked } = await rankRecall({ store, semantic: null, tuning }, "s", query, 4);
    return ranked.map((item) => item.hit.entry.text);
  };
  // Without shapes the turn naming the ticket ranks below two that share more of the question's words.
  const question = "What was the ticket number for the billing export bug?";
  assert.equal((await order(question, 0)).indexOf(answer), 2);
  assert.equal((await order(question, DEFAULT_TUNING.shapeWeight)).indexOf(answer), 1);
  // A task prompt asks for no value: the same words rank as without shapes.
  const task = "Fix the billing export bug and close its ticket PAY-158";
  assert.deepEqual(await order(task, DEFAULT_TUNING.shapeWeight), await order(task, 0));
});

test("a prompt naming a component in full finds the entry using its run-together short name", async (t) => {
  const answer = "We name taxcalc branches <user>/<ticket>, always off main.";
  const texts = [
    answer,
    "The Kafka upgrade for the tax calculator is tracked in the platform roadmap doc.",
    "tax calculator v2 is gated by the ledger-async-writes flag.",
    "Always branch from develop in the marketing website; the name pattern is <user>/<ticket>.",
    "Always branch from release/* in the status page; the name pattern is feature/<ticket>-<slug>.",
  ];
  const store = await storeHolding(t, texts);
  const first = async (abbreviations: number) => {
    const tuning = { ...DEFAULT_TUNING, abbreviations, shapeWeight: 0 };
    const query = "How should I name a branch in the tax calculator?";
    const { ranked } = await rankRecall({ store, semantic: null, tuning }, "s", query, 3);
    return ranked[0]?.hit.entry.text;
  };
  assert.equal(await first(DEFAULT_TUNING.abbreviations), answer);
  assert.notEqual(await first(0), answer);
});

test("a name the question says outweighs a rarer word: her turn, not another friend's look-alike", async (t) => {
  const hers = "Lena: Ugh, I twisted my knee playing soccer with the kids.";
  const texts = [
    hers,
    "Omar: Ugh, I hurt my wrist playing soccer with the kids.",
    "Iris: I hurt my back carrying boxes.",
    "Kofi: I hurt my shoulder at the gym.",
    "Lena: Hi Omar! Long time no talk.",
    "Omar: Take care, Lena.",
    "Lena: We adopted a puppy.",
    "Lena: I'm reading a good book.",
  ];
  const store = await storeHolding(t, texts);
  const first = async (query: string) =>
    (await rankRecall({ store, semantic: null }, "s", query, 3)).ranked[0]?.hit.entry.text;
  assert.equal(await first("How did Lena get hurt at soccer?"), hers);
  // Said in lower case, "lena" is a word like any other and the rarer "hurt" wins.
  assert.notEqual(await first("how did lena get hurt at soccer?"), hers);
});
