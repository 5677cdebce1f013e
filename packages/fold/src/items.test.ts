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

test("an extension's custom messages pair by type and content, also when Pi stamps them apart from their entries", () => {
  const waypoint = [{ type: "text", text: "[powercontext-fold: passed 25%]" }];
  const entries = [
    {
      type: "custom_message",
      id: "w1",
      timestamp: "2026-11-29T22:00:00.000Z",
      customType: "waypoint",
      content: waypoint,
    },
    { type: "message", id: "u1", message: user("a", 5) },
    {
      type: "custom_message",
      id: "w2",
      timestamp: "2026-11-29T22:00:09.000Z",
      customType: "waypoint",
      content: waypoint,
    },
    { type: "custom_message", id: "r1", timestamp: "2026-11-29T22:00:09.500Z", customType: "recall", content: "facts" },
  ];
  // As Pi 0.82.1 builds them: the message keeps the time it was sent, earlier than its entry's.
  const custom = (customType: string, content: unknown, timestamp: number) => ({
    role: "custom",
    customType,
    content,
    display: true,
    timestamp,
  });
  const items = itemsFromContext(
    [
      custom("waypoint", waypoint, Date.parse("2026-11-29T21:59:59.990Z")),
      user("a", 5),
      custom("waypoint", waypoint, Date.parse("2026-11-29T22:00:08.990Z")),
      custom("recall", "other facts", Date.parse("2026-11-29T22:00:09.500Z")),
    ],
    entries,
  );
  assert.deepEqual(
    items.map((item) => [item.id, item.foldable]),
    [
      ["w1", true],
      ["u1", true],
      ["w2", true],
      ["@3", false],
    ],
  );
});
