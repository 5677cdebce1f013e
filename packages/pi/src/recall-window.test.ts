import assert from "node:assert/strict";
import { test } from "node:test";
import { heldMessage, heldSection } from "./recall-window.ts";

const system = (sections: Record<string, string | null>) => ({
  type: "message",
  message: { role: "system", sections },
});
const recall = (content: string) => ({ type: "custom_message", customType: "powercontext-recall", content });

test("the held section replays the branch's section patches, unwrapped from Pi's tag", () => {
  assert.equal(heldSection([]), null);
  const first = system({ preamble: "P", powercontext: "<powercontext>\nA\n</powercontext>" });
  assert.equal(heldSection([first, system({ tools: "T" })]), "A");
  assert.equal(heldSection([first, system({ powercontext: "<powercontext>\nB\n</powercontext>" })]), "B");
  assert.equal(heldSection([first, system({ powercontext: null })]), null);
});

test("a compaction entry carries the whole prompt state at its boundary", () => {
  const first = system({ powercontext: "<powercontext>\nA\n</powercontext>" });
  assert.equal(heldSection([first, { type: "compaction", systemMessage: { role: "system", sections: {} } }]), null);
  const kept = {
    type: "compaction",
    systemMessage: { role: "system", sections: { powercontext: "<powercontext>\nC\n</powercontext>" } },
  };
  assert.equal(heldSection([first, kept]), "C");
  assert.equal(heldSection([first, { type: "compaction" }]), "A", "an old compaction without a system message");
});

test("the held message is the last recall message, forgotten after a compaction", () => {
  assert.equal(heldMessage([recall("A"), { type: "message", message: { role: "user" } }, recall("B")]), "B");
  assert.equal(heldMessage([recall("A"), { type: "compaction" }]), null);
  assert.equal(heldMessage([{ type: "custom_message", customType: "other", content: "X" }]), null);
});
