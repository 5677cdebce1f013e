// The journal every adapter must keep: gap-free positions per scope, idempotent captures, windows after the cursor.
import assert from "node:assert/strict";
import { commitFlush } from "../../domain/journal/commit-flush.ts";
import type { Store } from "../types.ts";
import { NOW, approved, makeEntry, makeSource, describeContract, type ContractTests } from "./builders.ts";

const JOURNAL_TESTS: ContractTests = {
  "gives each new source the next position in its scope": async (store) => {
    const first = await store.captureSource(makeSource());
    const second = await store.captureSource(makeSource());
    const other = await store.captureSource(makeSource({ scope_id: "scope-b" }));
    assert.deepEqual(
      [first, second, other].map((r) => (r.status === "conflict" ? -1 : r.receipt.position)),
      [1, 2, 1],
    );
  },

  "returns the original receipt for the same payload and conflicts on a different one": async (store) => {
    const source = makeSource();
    const first = await store.captureSource(source);
    const again = await store.captureSource(source);
    assert.equal(first.status, "created");
    assert.deepEqual(again, { status: "duplicate", receipt: first.status === "created" ? first.receipt : null });
    assert.deepEqual(await store.captureSource({ ...source, payload_digest: "other" }), { status: "conflict" });
    assert.equal((await store.readJournalWindow("scope-a", 10)).high_watermark, 1);
  },

  "keeps positions gap-free under many concurrent captures": async (store) => {
    const results = await Promise.all(Array.from({ length: 200 }, () => store.captureSource(makeSource())));
    const positions = results.map((r) => (r.status === "created" ? r.receipt.position : -1)).sort((a, b) => a - b);
    assert.deepEqual(
      positions,
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  },

  "reads the window after the cursor and advances the cursor only through a flush commit": async (store) => {
    for (let i = 0; i < 5; i += 1) await store.captureSource(makeSource());
    const window = await store.readJournalWindow("scope-a", 3);
    assert.deepEqual(
      window.sources.map((s) => s.position),
      [1, 2, 3],
    );
    const entry = makeEntry("Always run the linter before pushing.");
    const committed = await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 3,
      candidates: [approved(entry)],
      now: NOW,
    });
    assert.deepEqual(committed, {
      status: "committed",
      memory: { family: "memory", artifact_id: "memory", revision: 1 },
      written: true,
    });
    const next = await store.readJournalWindow("scope-a", 10);
    assert.equal(next.cursor, 3);
    assert.deepEqual(
      next.sources.map((s) => s.position),
      [4, 5],
    );
    const stale = await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 5,
      candidates: [],
      now: NOW,
    });
    assert.deepEqual(stale, { status: "cursor_moved" });
  },
};

export function journalContract(open: () => Promise<Store>): void {
  describeContract("journal", open, JOURNAL_TESTS);
}
