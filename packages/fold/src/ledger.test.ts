import assert from "node:assert/strict";
import { test } from "node:test";
import { sha256Hex } from "./digest.ts";
import { emptyLedger, lastDigests, recordRequest, recordResponse, type SentWindow } from "./ledger.ts";
import { measureMessage } from "./message-measure.ts";
import type { Message } from "./types.ts";

/** A sent window whose positions carry the given digests. */
function digested(...digests: string[]): SentWindow {
  return {
    messages: digests.map((digest) => ({ role: digest })),
    measures: digests.map((digest) => ({ tokens: 0, digest })),
  };
}

test("a projection that extends the last one is an append; a changed prefix is a rewrite, attributed only after a commit", () => {
  const ledger = emptyLedger();
  assert.equal(recordRequest(ledger, digested("a", "b"), 0).kind, "first");
  assert.equal(recordRequest(ledger, digested("a", "b", "c"), 0).kind, "append");
  assert.deepEqual(recordRequest(ledger, digested("a", "X", "c"), 1), {
    kind: "rewrite",
    attributed: true,
    divergence: 1,
  });
  assert.deepEqual(recordRequest(ledger, digested("a", "Y"), 1), { kind: "rewrite", attributed: false, divergence: 1 });
  assert.equal(ledger.rewrites, 2);
  assert.equal(ledger.unattributedRewrites, 1);
  recordRequest(ledger, digested("a", "Y", "z"), 1);
  recordResponse(ledger, 0);
  assert.equal(ledger.providerCacheMisses, 0, "a provider that never reported a cache read is not known to cache");
  recordResponse(ledger, 500);
  recordRequest(ledger, digested("a", "Y", "z", "w"), 1);
  recordResponse(ledger, 0);
  assert.equal(ledger.providerCacheMisses, 1, "a miss after a pure append is provider-side");
});

test("positions with different measures are compared by the digests of their bytes, hashed only when compared", () => {
  const text = (value: string): Message => ({ role: "user", content: [{ type: "text", text: value }], timestamp: 1 });
  const first: SentWindow = { messages: [text("a"), text("b")], measures: [text("a"), text("b")].map(measureMessage) };
  const ledger = emptyLedger();
  recordRequest(ledger, first, 0);
  const [shared] = first.measures;
  const sameBytes: SentWindow = {
    messages: [text("a"), text("b"), text("c")],
    measures: [shared, measureMessage(text("b")), measureMessage(text("c"))].map((measure) => measure ?? assert.fail()),
  };
  assert.deepEqual(recordRequest(ledger, sameBytes, 0), { kind: "append", attributed: true, divergence: 2 });
  assert.equal(shared?.digest, null, "a shared measure is not hashed");
  assert.equal(sameBytes.measures[2]?.digest, null, "a position past the previous window is not hashed");
  const changed: SentWindow = {
    messages: [text("a"), text("B"), text("c")],
    measures: [shared, measureMessage(text("B")), sameBytes.measures[2]].map((measure) => measure ?? assert.fail()),
  };
  assert.deepEqual(recordRequest(ledger, changed, 0), { kind: "rewrite", attributed: false, divergence: 1 });
  assert.deepEqual(
    lastDigests(ledger, 2),
    [text("B"), text("c")].map((message) => sha256Hex(JSON.stringify(message)).slice(0, 12)),
  );
});
