import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyLedger, recordRequest, recordResponse } from "./ledger.ts";

test("a projection that extends the last one is an append; a changed prefix is a rewrite, attributed only after a commit", () => {
  const ledger = emptyLedger();
  assert.equal(recordRequest(ledger, ["a", "b"], 0).kind, "first");
  assert.equal(recordRequest(ledger, ["a", "b", "c"], 0).kind, "append");
  assert.deepEqual(recordRequest(ledger, ["a", "X", "c"], 1), { kind: "rewrite", attributed: true, divergence: 1 });
  assert.deepEqual(recordRequest(ledger, ["a", "Y"], 1), { kind: "rewrite", attributed: false, divergence: 1 });
  assert.equal(ledger.rewrites, 2);
  assert.equal(ledger.unattributedRewrites, 1);
  recordRequest(ledger, ["a", "Y", "z"], 1);
  recordResponse(ledger, 0);
  assert.equal(ledger.providerCacheMisses, 0, "a provider that never reported a cache read is not known to cache");
  recordResponse(ledger, 500);
  recordRequest(ledger, ["a", "Y", "z", "w"], 1);
  recordResponse(ledger, 0);
  assert.equal(ledger.providerCacheMisses, 1, "a miss after a pure append is provider-side");
});
