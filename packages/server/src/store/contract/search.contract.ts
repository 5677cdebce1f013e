// Lexical search every adapter must give (only the scope's active entries, best first), and the journal origins of
// entries that recall's conversation context reads.
import assert from "node:assert/strict";
import { rememberEntry, retireEntry } from "../../domain/memory/entry-writes.ts";
import type { Store } from "../types.ts";
import { NOW, makeEntry, makeSource, remember, describeContract, type ContractTests } from "./builders.ts";

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

  "reads the journal positions and sessions of the Sources each entry cites": async (store) => {
    const captured = [
      makeSource({ metadata: { origin: "test", session_id: "s-1" } }),
      makeSource({ metadata: { origin: "test", session_id: 7 } }),
      makeSource({ metadata: { origin: "test" } }),
    ];
    for (const source of captured) await store.captureSource(source);
    const cites = async (text: string, sourceIds: string[]) => {
      const entry = makeEntry(text, { source_refs: sourceIds.map((source_id) => ({ name: "content", source_id })) });
      await rememberEntry(store, { scope_id: "scope-a", entry, reason: null, expected_revision: null, now: NOW });
      return entry.entry_version_id;
    };
    const [first, second, third] = captured.map((source) => source.source_id);
    const both = await cites("Cites the third and the first Source.", [third ?? "", first ?? ""]);
    const one = await cites("Cites the second Source.", [second ?? ""]);
    const unknown = await cites("Cites a Source the journal does not hold.", ["src-elsewhere"]);
    const origins = await store.readEntryOrigins("scope-a", [both, one, unknown, "mem_ver_missing"]);
    assert.deepEqual(
      new Map(origins),
      new Map([
        [
          both,
          [
            { position: 1, session_id: "s-1" },
            { position: 3, session_id: null },
          ],
        ],
        [one, [{ position: 2, session_id: null }]],
      ]),
    );
    assert.equal((await store.readEntryOrigins("scope-b", [both])).size, 0);
    assert.equal((await store.readEntryOrigins("scope-a", [])).size, 0);
  },
};

export function searchContract(open: () => Promise<Store>): void {
  describeContract("search", open, SEARCH_TESTS);
}
