// Lexical search every adapter must give: only the scope's active entries, best first.
import assert from "node:assert/strict";
import { retireEntry } from "../../domain/memory/entry-writes.ts";
import type { Store } from "../types.ts";
import { NOW, remember, describeContract, type ContractTests } from "./builders.ts";

const SEARCH_TESTS: ContractTests = {
  "searches only the scope's active entries": async (store) => {
    await remember(store, "Billing uses PostgreSQL.");
    await remember(store, "Billing uses SQLite.", "scope-b");
    const retired = await remember(store, "Billing once used MySQL.");
    await retireEntry(store, {
      scope_id: "scope-a",
      citation: { ...retired.citation, memory_ref: { ...retired.citation.memory_ref, revision: 2 } },
      reason: null,
      now: NOW,
    });
    const result = await store.searchMemory({ scope_id: "scope-a", terms: ["billing"], limit: 10 });
    assert.deepEqual(
      result.hits.map((h) => h.entry.text),
      ["Billing uses PostgreSQL."],
    );
    assert.ok(result.hits.every((h) => h.relevance > 0));
    assert.deepEqual((await store.searchMemory({ scope_id: "scope-c", terms: ["billing"], limit: 10 })).hits, []);
  },

  "returns search hits best first": async (store) => {
    for (let i = 0; i < 40; i += 1)
      await remember(store, `Billing ${"billing ".repeat(i % 4)}note ${i} ${"x ".repeat(i % 7)}`);
    const full = await store.searchMemory({ scope_id: "scope-a", terms: ["billing", "note"], limit: 40 });
    assert.equal(full.hits.length, 40);
    assert.ok(full.hits.every((hit, i) => i === 0 || hit.relevance <= (full.hits[i - 1]?.relevance ?? 0)));
  },
};

export function searchContract(open: () => Promise<Store>): void {
  describeContract("search", open, SEARCH_TESTS);
}
