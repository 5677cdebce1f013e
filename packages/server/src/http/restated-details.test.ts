// Two chat turns that share nearly all their words but name another person (or port), or speak of another thing, are
// two facts: the flush must keep both as Memory, through the real HTTP API, and a question naming either detail finds
// its own turn. Before the details rule, the second turn was linked to the first as its near duplicate and its detail
// never reached Memory; before the traded-word rule, the same befell a sentence about another component.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { flushUntilIdle } from "../testing/chat-turns.ts";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "restated";
const FIRST = "For the billing service Postgres upgrade, Priya is reviewing the migration scripts before Friday.";
const SECOND = "For the billing service Postgres upgrade, Kofi is reviewing the migration scripts before Friday.";
const SAME = "for the billing service postgres upgrade, Priya is reviewing the migration scripts before Friday";

/** Captures each turn and flushes it alone, as turns of sessions far apart are; returns the texts `query` finds. */
async function rememberEach(t: TestContext, turns: readonly string[], query: string): Promise<string[]> {
  const app = await buildTestApp(t, { extractor: "verbatim" });
  // One flush per turn: the near-duplicate check looks at Memory already there.
  for (const [index, content] of turns.entries()) {
    const captured = await app.post("/v1/sources/content", { scope_id: SCOPE, source_id: `turn-${index}`, content });
    assert.equal(captured.status, 202, JSON.stringify(captured.json));
    await flushUntilIdle(app.post, SCOPE);
  }
  const search = await app.post("/v1/memory/search", { scope_id: SCOPE, query, limit: 10 });
  assert.equal(search.status, 200, JSON.stringify(search.json));
  return (search.json.hits as Array<{ text: string }>).map((hit) => hit.text).sort();
}

test("a turn that differs only in its detail becomes its own Memory; a plain restatement does not", async (t) => {
  const texts = await rememberEach(t, [FIRST, SECOND, SAME], "who reviews the migration");
  assert.deepEqual(texts, [SECOND, FIRST].sort(), "both details are Memory, the restatement is not a third entry");
});

test("the same sentence about another component becomes its own Memory", async (t) => {
  const websocket =
    "The websocket hub API must be versioned with an Accept-Version header; old versions stay up one year.";
  const pricing =
    "The pricing engine API must be versioned with an Accept-Version header; old versions stay up one year.";
  const texts = await rememberEach(t, [websocket, pricing], "Accept-Version header");
  assert.deepEqual(texts, [pricing, websocket].sort(), "both components' rules are Memory");
});
