// The commit every adapter must make atomically: a planned revision lands only while every fact its plan relied on
// still holds, and a refused commit writes nothing. The reads a plan is made from answer as of one snapshot.
import assert from "node:assert/strict";
import { retireEntry } from "../../domain/memory/entry-writes.ts";
import type { RevisionCommit, Store } from "../types.ts";
import { NOW, makeEntry, makeSource, pending, remember, describeContract, type ContractTests } from "./builders.ts";

function adding(text: string, overrides: Partial<RevisionCommit> = {}): RevisionCommit {
  return {
    scope_id: "scope-a",
    expected: {},
    changes: [{ op: "add", entry: makeEntry(text), reason: null }],
    now: NOW,
    ...overrides,
  };
}

const REVISION_TESTS: ContractTests = {
  "refuses a commit when any expected fact has changed, and writes none of it": async (store) => {
    const entry = await remember(store, "Use pnpm.");
    const { entry_id } = entry.citation;
    await store.captureSource(makeSource());
    const candidate = pending("Proposed.");
    const stale: Array<Partial<RevisionCommit>> = [
      { expected: { head: 0 } },
      { expected: { entries: [{ entry_id, last_revision: null }] } },
      { expected: { entries: [{ entry_id: "mem_ent_absent", last_revision: 1 }] } },
      { expected: { fingerprints: [{ fingerprint: "fp:use pnpm.", active_entry_ids: [] }] } },
      { expected: { candidates: [{ candidate_id: candidate.candidate_id, version: 1, status: "pending" }] } },
      { cursor: { from: 1, to: 1 } },
    ];
    for (const overrides of stale) {
      const proposal = {
        op: "propose" as const,
        candidate: { ...candidate, outcome: { status: "pending" as const } },
      };
      const result = await store.commitRevision(adding("Refused.", { ...overrides, candidates: [proposal] }));
      assert.deepEqual(result, { status: "conflict" }, JSON.stringify(overrides));
    }
    assert.equal((await store.getMemoryHead("scope-a"))?.revision, 1);
    assert.equal((await store.listEntries("scope-a", true)).entries.length, 1);
    assert.equal(await store.getCandidate("scope-a", candidate.candidate_id), null);
    assert.equal((await store.readJournalWindow("scope-a", 0)).cursor, 0);
  },

  "commits when the expected facts hold, and a commit without changes writes no revision": async (store) => {
    const entry = await remember(store, "Use pnpm.");
    const { entry_id } = entry.citation;
    const expected = {
      head: 1,
      entries: [{ entry_id, last_revision: 1 }],
      fingerprints: [{ fingerprint: "fp:use pnpm.", active_entry_ids: [entry_id] }],
    };
    const added = await store.commitRevision(adding("Also use corepack.", { expected }));
    assert.deepEqual(added, {
      status: "committed",
      memory: { family: "memory", artifact_id: "memory", revision: 2 },
    });
    const quiet = await store.commitRevision({
      scope_id: "scope-a",
      expected: {},
      changes: [],
      cursor: { from: 0, to: 0 },
      now: NOW,
    });
    assert.deepEqual(quiet, {
      status: "committed",
      memory: { family: "memory", artifact_id: "memory", revision: 2 },
    });
    const empty = await store.commitRevision({ scope_id: "scope-b", expected: {}, changes: [], now: NOW });
    assert.deepEqual(empty, { status: "committed", memory: null });
  },

  "reads the heads a plan asks for and an entry as it stood at any revision": async (store) => {
    const kept = await remember(store, "Kept.");
    const gone = await remember(store, "Gone.");
    await retireEntry(store, { scope_id: "scope-a", citation: gone.citation, reason: null, now: NOW });
    const view = await store.readHeads("scope-a", {
      entry_ids: [gone.citation.entry_id, "mem_ent_absent"],
      fingerprints: ["fp:kept.", "fp:gone."],
    });
    assert.equal(view.memory?.revision, 3);
    assert.deepEqual(
      view.heads
        .map((head) => [head.entry.text, head.entry.state, head.last_revision, head.entry.citation.memory_ref.revision])
        .sort(),
      [
        ["Gone.", "inactive", 3, 3],
        ["Kept.", "active", 1, 3],
      ],
    );
    assert.equal((await store.readEntryAt("scope-a", gone.citation.entry_id, 2))?.state, "active");
    assert.equal((await store.readEntryAt("scope-a", gone.citation.entry_id, 3))?.state, "inactive");
    assert.equal(await store.readEntryAt("scope-a", gone.citation.entry_id, 1), null);
    assert.equal((await store.readEntryAt("scope-a", kept.citation.entry_id, 3))?.citation.memory_ref.revision, 3);
  },
};

export function revisionContract(open: () => Promise<Store>): void {
  describeContract("revision commits", open, REVISION_TESTS);
}
