import assert from "node:assert/strict";
import { test } from "node:test";
import { itemsFromContext, OVERFLOW_COMPACTION_SUMMARY } from "./items.ts";
import { toolResult, user } from "./testing/transcript.ts";

test("context messages pair with their session entries; unknown messages are synthetic and never fold; the overflow summary is dropped", () => {
  const entries = [
    { type: "message", id: "s", message: { role: "system", timestamp: 1 } },
    { type: "message", id: "u1", message: user("a", 5) },
    { type: "message", id: "u2", message: user("b", 5) },
    { type: "message", id: "t1", message: toolResult("c1", "read", "x", 6) },
  ];
  const items = itemsFromContext(
    [
      { role: "compactionSummary", summary: OVERFLOW_COMPACTION_SUMMARY, timestamp: 0 },
      user("a", 5),
      user("b", 5),
      toolResult("c1", "read", "x", 6),
      user("injected", 9),
    ],
    entries,
  );
  assert.deepEqual(
    items.map((item) => [item.id, item.foldable]),
    [
      ["u1", true],
      ["u2", true],
      ["t1", true],
      ["@4", false],
    ],
  );
});
