import assert from "node:assert/strict";
import { test } from "node:test";
import { assistantCalls, generateTranscript, toolResult, user } from "./testing/transcript.ts";
import { chaptersOf, findLinkageViolation, isUnitAligned, unitsOf } from "./transcript.ts";
import type { Item } from "./types.ts";

const item = (id: string, message: Item["message"]): Item => ({ id, message, foldable: true });

test("a tool call and its results form one unit", () => {
  const items = [
    item("a", user("go", 1)),
    item(
      "b",
      assistantCalls(
        [
          { id: "c1", name: "read", args: {} },
          { id: "c2", name: "bash", args: {} },
        ],
        2,
      ),
    ),
    item("c", toolResult("c1", "read", "x", 3)),
    item("d", toolResult("c2", "bash", "y", 4)),
    item("e", user("next", 5)),
  ];
  const units = unitsOf(items);
  assert.deepEqual(
    units.map((unit) => [unit.start, unit.end, unit.kind, unit.complete]),
    [
      [0, 0, "message", true],
      [1, 3, "tool", true],
      [4, 4, "message", true],
    ],
  );
  assert.equal(isUnitAligned(units, 1, 3), true);
  assert.equal(isUnitAligned(units, 1, 2), false);
  assert.equal(isUnitAligned(units, 2, 4), false);
  assert.deepEqual(
    chaptersOf(items).map((chapter) => [chapter.start, chapter.end, chapter.closed]),
    [
      [0, 3, true],
      [4, 4, false],
    ],
  );
});

test("linkage check finds a result without its call and a call without its result", () => {
  assert.equal(
    findLinkageViolation([user("go", 1), toolResult("c1", "read", "x", 2)])?.includes("does not follow"),
    true,
  );
  assert.equal(
    findLinkageViolation([assistantCalls([{ id: "c1", name: "read", args: {} }], 1), user("go", 2)])?.includes(
      "has no result",
    ),
    true,
  );
  assert.equal(findLinkageViolation(generateTranscript({ seed: 3, stages: 5 }).map((entry) => entry.message)), null);
});
