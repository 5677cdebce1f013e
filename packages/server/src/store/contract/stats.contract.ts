// Statistics every adapter must keep: a scope's inventory and recall samples accumulated per day.
import assert from "node:assert/strict";
import type { Store } from "../types.ts";
import { makeSource, remember, describeContract, type ContractTests } from "./builders.ts";

const STATS_TESTS: ContractTests = {
  "counts inventory and accumulates recall samples per day": async (store) => {
    await store.captureSource(makeSource());
    await remember(store, "Counted entry.");
    const inventory = await store.getInventory("scope-a");
    assert.equal(inventory.sources_total, 1);
    assert.equal(inventory.has_memory, true);
    assert.deepEqual(inventory.entries_by_kind, [{ kind: "decision", total: 1, active: 1, inactive: 0 }]);
    const sample = {
      scope_id: "scope-a",
      date: "2026-11-29",
      preparations: 1,
      ready_preparations: 1,
      comparable_preparations: 0,
      baseline_tokens: 0,
      recalled_tokens: 5,
      recalled_items: 3,
      recalled_bytes: 410,
    };
    await store.addRecallSamples([sample]);
    await store.addRecallSamples([
      { ...sample, ready_preparations: 0, recalled_tokens: 0, recalled_items: 0, recalled_bytes: 0 },
    ]);
    assert.deepEqual(await store.readRecallDaily("scope-a", "2026-11-01", "2026-11-30"), [
      { ...sample, preparations: 2, ready_preparations: 1, recalled_tokens: 5, recalled_items: 3, recalled_bytes: 410 },
    ]);
    await store.addRecallSamples([sample]);
    const [day] = await store.readRecallDaily("scope-a", "2026-11-29", "2026-11-29");
    assert.deepEqual([day?.recalled_items, day?.recalled_bytes], [6, 820]);
  },
};

export function statsContract(open: () => Promise<Store>): void {
  describeContract("statistics", open, STATS_TESTS);
}
