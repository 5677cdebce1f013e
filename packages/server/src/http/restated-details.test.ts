// Two statements that share nearly all their words but name another person (or port), or speak of another thing, are
// two facts: the flush must keep both as Memory, through the real HTTP API, and a question naming either detail finds
// its own statement. Before the details rule, the second was linked to the first as its near duplicate and its detail
// never reached Memory; before the traded-word rule, the same befell a sentence about another component. Chat turns
// kept as they were said (the verbatim extractor) restate nothing: the same words said in two chats are two turns.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { flushUntilIdle } from "../testing/chat-turns.ts";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "restated";
const FIRST = "For the billing service Postgres upgrade, Priya must review the migration scripts before Friday.";
const SECOND = "For the billing service Postgres upgrade, Kofi must review the migration scripts before Friday.";
const SAME = "for the billing service postgres upgrade, Priya must review the migration scripts before Friday";

/**
 * Captures each turn and flushes it alone, as turns of sessions far apart are; returns the texts `query` finds and
 * Memory's entries, as text and cited Sources.
 */
async function rememberEach(
  t: TestContext,
  turns: readonly string[],
  query: string,
  extractor: "rules" | "verbatim" = "rules",
): Promise<{ found: string[]; entries: Array<{ text: string; sources: string[] }> }> {
  const app = await buildTestApp(t, { extractor });
  // One flush per turn: the near-duplicate check looks at Memory already there.
  for (const [index, content] of turns.entries()) {
    const captured = await app.post("/v1/sources/content", { scope_id: SCOPE, source_id: `turn-${index}`, content });
    assert.equal(captured.status, 202, JSON.stringify(captured.json));
    await flushUntilIdle(app.post, SCOPE);
  }
  const search = await app.post("/v1/memory/search", { scope_id: SCOPE, query, limit: 10 });
  assert.equal(search.status, 200, JSON.stringify(search.json));
  const listed = await app.post("/v1/memory/entries/list", { scope_id: SCOPE });
  assert.equal(listed.status, 200, JSON.stringify(listed.json));
  const entries = listed.json.entries as Array<{ text: string; source_refs: Array<{ source_id: string }> }>;
  return {
    found: (search.json.hits as Array<{ text: string }>).map((hit) => hit.text).sort(),
    entries: entries.map((entry) => ({ text: entry.text, sources: entry.source_refs.map((ref) => ref.source_id) })),
  };
}

test("a turn that differs only in its detail becomes its own Memory; a plain restatement does not", async (t) => {
  const texts = (await rememberEach(t, [FIRST, SECOND, SAME], "who reviews the migration")).found;
  assert.deepEqual(texts, [SECOND, FIRST].sort(), "both details are Memory, the restatement is not a third entry");
});

test("the same sentence about another component becomes its own Memory", async (t) => {
  const websocket =
    "The websocket hub API must be versioned with an Accept-Version header; old versions stay up one year.";
  const pricing =
    "The pricing engine API must be versioned with an Accept-Version header; old versions stay up one year.";
  const texts = (await rememberEach(t, [websocket, pricing], "Accept-Version header")).found;
  assert.deepEqual(texts, [pricing, websocket].sort(), "both components' rules are Memory");
});

test("the same chat turn said in two chats is two Memory entries, each citing its own turn", async (t) => {
  const turn = "Deadline is end of Q2, no pressure lol.";
  const { found, entries } = await rememberEach(t, [turn, turn, FIRST, SAME], "deadline end of Q2", "verbatim");
  assert.deepEqual(found, [turn, turn], "both turns are found");
  assert.deepEqual(
    entries
      .filter((entry) => entry.text === turn)
      .map((entry) => entry.sources)
      .sort(),
    [["turn-0"], ["turn-1"]],
  );
  assert.equal(entries.length, 4, "a turn that nearly restates another is a turn of its own too");
});
