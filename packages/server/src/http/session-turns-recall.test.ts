// Session turns through the real HTTP API, on both stores: a question about an earlier chat session whose answering
// turn shares no word with it ("I have until end of Q2 for all of this." for "What was the deadline for the
// recommendation engine memory leak?"). Session context finds the session by its topic; recall then reads the turns
// around its best match and the answering turn is recalled. Without sessions in the captures it is not.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { appWithChats } from "../testing/chat-turns.ts";
import type { TestApp } from "../testing/test-app.ts";
import type { Store } from "../store/types.ts";
import { BOTH_STORES } from "../testing/both-stores.ts";

const SCOPE = "session-turns";
const ANSWER = "I have until end of Q2 for all of this.";
const QUESTION = "What was the deadline for the recommendation engine memory leak?";

/** Three sessions on three topics, each with turns that repeat its topic and turns that do not. */
const SESSIONS: Record<string, string[]> = {
  recs: [
    "I'm chasing a memory leak in the recommendation engine. Where would you start?",
    "For a memory leak in the recommendation engine, take two heap snapshots a few minutes apart and compare them.",
    ANSWER,
    "The recommendation engine heap grows by 40 MB an hour under load.",
    "Look for caches keyed by user id in the recommendation engine; they often grow without bound.",
    "that compiles now but it still behaves the same. next idea?",
    "The memory leak in the recommendation engine is gone after bounding the LRU map.",
  ],
  shipping: [
    "The shipping quotes service has a memory leak after the carrier SDK upgrade.",
    "Deadline is the 1.8 release, no pressure lol.",
    "For the shipping quotes memory leak, check whether the SDK keeps a connection per request.",
    "The shipping quotes heap is flat again with one shared client.",
  ],
  billing: [
    "I'm upgrading the billing service to Postgres 16 this week.",
    "For the billing service upgrade, check the extension versions first.",
    "Due date for the billing upgrade is March 3rd.",
    "The billing service upgrade went through on staging.",
    "Once pg_upgrade is sorted, the rest of the billing upgrade is mechanical.",
  ],
};

/** Captures every turn (with its session unless `sessions` is false), flushes, waits for the semantic layer. */
async function appWithTurns(t: TestContext, open: () => Promise<Store>, sessions: boolean): Promise<TestApp> {
  return appWithChats(t, await open(), SCOPE, SESSIONS, { sessions });
}

/** The answering turn's rank in `memory/search` (limit 5; -1 when absent) and whether prepare includes it. */
async function answerRecall(post: TestApp["post"]): Promise<{ rank: number; prepared: boolean }> {
  const search = await post("/v1/memory/search", { scope_id: SCOPE, query: QUESTION, limit: 5 });
  assert.equal(search.status, 200, JSON.stringify(search.json));
  assert.equal(search.json.mode, "hybrid");
  for (const hit of search.json.hits) assert.ok(hit.score >= 0 && hit.score <= 1, JSON.stringify(hit));
  const rank = search.json.hits.findIndex((hit: { text: string }) => hit.text === ANSWER);
  const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query: QUESTION, max_bytes: 2000 });
  assert.equal(prepared.status, 200, JSON.stringify(prepared.json));
  return { rank, prepared: prepared.json.status === "ready" && String(prepared.json.content).includes("end of Q2") };
}

for (const [engine, open] of BOTH_STORES) {
  test(`${engine}: a question about an earlier session recalls its answering turn that shares no word with it`, async (t) => {
    const { post } = await appWithTurns(t, open, true);
    const { rank, prepared } = await answerRecall(post);
    assert.ok(rank >= 0 && rank < 3, `rank ${rank}`);
    assert.ok(prepared, "prepare left the answering turn out");
  });

  test(`${engine}: without sessions in the captures the answering turn is not recalled`, async (t) => {
    // The control: what reading the session's turns changes.
    const { post } = await appWithTurns(t, open, false);
    const { rank } = await answerRecall(post);
    assert.equal(rank, -1);
  });
}
