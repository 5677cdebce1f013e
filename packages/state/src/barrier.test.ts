import assert from "node:assert/strict";
import { test } from "node:test";
import { barrierVerdict, batchFromBranch, createBatchTracker, toolCallsOf } from "./barrier.ts";
import { modeFromBranch, MODE_ENTRY } from "./modes.ts";

const message = (calls: [string, string][]) => ({
  role: "assistant",
  content: calls.map(([id, name]) => ({ type: "toolCall", id, name, arguments: {} })),
});

test("a batch holding patch_state beside another call blocks every call of it; patch_state alone runs", () => {
  const cases: [[string, string][], string, boolean][] = [
    [[["a", "patch_state"]], "a", false],
    [
      [
        ["a", "patch_state"],
        ["b", "read_state"],
      ],
      "a",
      true,
    ],
    [
      [
        ["a", "patch_state"],
        ["b", "bash"],
      ],
      "b",
      true,
    ],
    [
      [
        ["a", "read_state"],
        ["b", "bash"],
      ],
      "a",
      false,
    ],
  ];
  for (const [calls, id, blocked] of cases)
    assert.equal(barrierVerdict(toolCallsOf(message(calls)) ?? [], id) !== null, blocked, JSON.stringify(calls));
});

test("batches are found from message_end records or, failing that, from the session branch", () => {
  const tracker = createBatchTracker();
  tracker.record(
    message([
      ["x", "patch_state"],
      ["y", "bash"],
    ]),
  );
  assert.equal(tracker.batchOf("y")?.length, 2);
  assert.equal(tracker.batchOf("z"), null);
  assert.equal(batchFromBranch([{ type: "message", message: message([["z", "patch_state"]]) }], "z")?.length, 1);
});

test("the mode follows the session: the last mode entry on the branch wins", () => {
  const entry = (mode: string) => ({ type: "custom", customType: MODE_ENTRY, data: { mode } });
  assert.equal(modeFromBranch([], "active"), "active");
  assert.equal(modeFromBranch([entry("passive"), entry("off")], "active"), "off");
  assert.equal(modeFromBranch([entry("bogus")], "passive"), "passive");
});
