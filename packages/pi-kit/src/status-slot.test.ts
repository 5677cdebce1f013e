import assert from "node:assert/strict";
import { test } from "node:test";
import { createStatusSlot } from "./status-slot.ts";

test("the footer entry is sent only when its text changes, and never without a UI", () => {
  const sent: [string, string | undefined][] = [];
  const ui = { setStatus: (key: string, text: string | undefined) => void sent.push([key, text]) };
  const slot = createStatusSlot("pc");
  slot.show({ hasUI: true, ui }, "a");
  slot.show({ hasUI: true, ui }, "a");
  slot.show({ hasUI: true, ui }, "b");
  slot.show({ hasUI: false, ui }, "c");
  slot.show({ hasUI: true, ui }, undefined);
  slot.show({ hasUI: true, ui }, undefined);
  assert.deepEqual(sent, [
    ["pc", "a"],
    ["pc", "b"],
    ["pc", undefined],
  ]);
  assert.equal(slot.current(), undefined);
  slot.show({ hasUI: true, ui: {} }, "d");
});
