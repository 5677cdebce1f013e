// Session context through the real HTTP API, on both stores: chat turns captured with `metadata.session_id` (as
// powercontext-pi sends it), stored verbatim, and a later question about one session's detail. The same detail ("the
// deadline") came up in two sessions; the turn of the session the question is about must win, although the other
// session's turn matches the question's words better on its own.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { captureTurns, flushUntilIdle, untilSemanticLoaded } from "../testing/chat-turns.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import type { Store } from "../store/types.ts";
import { BOTH_STORES } from "../testing/both-stores.ts";

const SCOPE = "sessions";
const ASKED =
  "deadline is Friday the 14th, no pressure lol. The changelog is stale again and the docs need a pass too.";
const OTHER = "deadline is next Thursday.";
const TURNS: Array<[session: string, text: string]> = [
  ["s-billing", "I'm upgrading the billing service to Postgres 16 this week. Can you help me plan it out?"],
  ["s-billing", "For the billing service Postgres upgrade, I would check the extension versions first."],
  ["s-billing", ASKED],
  ["s-billing", "Once pg_upgrade is sorted, the rest of the billing service Postgres upgrade is mechanical."],
  ["s-indexer", "I'm chasing a memory leak in the search indexer. Where would you start?"],
  ["s-indexer", OTHER],
  ["s-indexer", "Heap snapshots of the search indexer show the LRU map growing without bound."],
];
const QUESTION = "What was the deadline for the billing service Postgres upgrade?";

/** Captures every turn as its own Source (with its session unless `sessions` is false), flushes, waits for the layer. */
async function appWithTurns(t: TestContext, open: () => Promise<Store>, sessions: boolean): Promise<TestApp> {
  const app = await buildTestApp(t, { store: await open(), extractor: "verbatim" });
  await captureTurns(
    app.post,
    SCOPE,
    TURNS.map(([session, content]) => ({ session: sessions ? session : null, content })),
  );
  await flushUntilIdle(app.post, SCOPE);
  await untilSemanticLoaded(app.post, SCOPE);
  return app;
}

/** Where each of the two deadline turns ranks in `memory/search` (limit 10). */
async function deadlineRanks(post: TestApp["post"]): Promise<{ asked: number; other: number }> {
  const search = await post("/v1/memory/search", { scope_id: SCOPE, query: QUESTION, limit: 10 });
  assert.equal(search.status, 200);
  assert.equal(search.json.mode, "hybrid");
  const texts = search.json.hits.map((hit: { text: string }) => hit.text);
  return { asked: texts.indexOf(ASKED), other: texts.indexOf(OTHER) };
}

for (const [engine, open] of BOTH_STORES) {
  test(`${engine}: a question about one session recalls that session's turn before the same detail elsewhere`, async (t) => {
    const { post } = await appWithTurns(t, open, true);
    const ranks = await deadlineRanks(post);
    assert.ok(ranks.asked >= 0 && (ranks.other === -1 || ranks.asked < ranks.other), JSON.stringify(ranks));
    const prepared = await post("/v1/context/prepare", { scope_id: SCOPE, query: QUESTION });
    assert.equal(prepared.json.status, "ready");
    const content: string = prepared.json.content;
    assert.ok(content.includes("Friday the 14th"), content);
    if (content.includes("next Thursday"))
      assert.ok(content.indexOf("Friday the 14th") < content.indexOf("next Thursday"), content);
  });

  test(`${engine}: without sessions in the captures the other session's shorter turn ranks first`, async (t) => {
    // The control: what the session context changes. Without it the words alone prefer the shorter turn.
    const { post } = await appWithTurns(t, open, false);
    const ranks = await deadlineRanks(post);
    assert.ok(ranks.other >= 0 && ranks.other < ranks.asked, JSON.stringify(ranks));
  });
}
