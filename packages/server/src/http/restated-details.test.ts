// Two chat turns that share nearly all their words but name another person (or port) are two facts: the flush must
// keep both as Memory, through the real HTTP API, and a question naming either detail finds its own turn. Before the
// details rule, the second turn was linked to the first as its near duplicate and its detail never reached Memory.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "restated";
const FIRST = "For the billing service Postgres upgrade, Priya is reviewing the migration scripts before Friday.";
const SECOND = "For the billing service Postgres upgrade, Kofi is reviewing the migration scripts before Friday.";
const SAME = "for the billing service postgres upgrade, Priya is reviewing the migration scripts before Friday";

test("a turn that differs only in its detail becomes its own Memory; a plain restatement does not", async (t) => {
  const app = await buildTestApp(t, { extractor: "verbatim" });
  // One flush per turn, as turns of sessions far apart are: the near-duplicate check looks at Memory already there.
  for (const [index, content] of [FIRST, SECOND, SAME].entries()) {
    const captured = await app.post("/v1/sources/content", { scope_id: SCOPE, source_id: `turn-${index}`, content });
    assert.equal(captured.status, 202, JSON.stringify(captured.json));
    for (let flushes = 0; ; flushes += 1) {
      const flushed = await app.post("/v1/memory/flush", { scope_id: SCOPE });
      assert.equal(flushed.status, 200, JSON.stringify(flushed.json));
      if (flushed.json.status === "idle") break;
      assert.ok(flushes < 20, "the journal never became idle");
    }
  }
  const search = await app.post("/v1/memory/search", {
    scope_id: SCOPE,
    query: "who reviews the migration",
    limit: 10,
  });
  assert.equal(search.status, 200, JSON.stringify(search.json));
  const texts = (search.json.hits as Array<{ text: string }>).map((hit) => hit.text).sort();
  assert.deepEqual(texts, [SECOND, FIRST].sort(), "both details are Memory, the restatement is not a third entry");
});
