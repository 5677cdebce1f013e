// Overview reads every adapter must answer alike: scope summaries, Sources newest first, an entry's changes, and the
// captures per day.
import assert from "node:assert/strict";
import { canonicalJson } from "@powercontext/protocol";
import { commitFlush } from "../../domain/journal/commit-flush.ts";
import { rememberEntry, retireEntry } from "../../domain/memory/entry-writes.ts";
import type { Store } from "../types.ts";
import { NOW, makeEntry, makeSource, pending, remember, describeContract, type ContractTests } from "./builders.ts";
import { makeHandoffContent } from "./continuity.contract.ts";

const OVERVIEW_TESTS: ContractTests = {
  "summarizes every scope with its counts and latest activity": async (store) => {
    await store.captureSource(makeSource({ captured_at: "2026-11-28T10:00:00.000Z" }));
    await store.captureSource(makeSource({ captured_at: "2026-11-28T11:00:00.000Z" }));
    await remember(store, "Counted entry.");
    await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 0,
      candidates: [pending("Pending one.")],
      now: NOW,
    });
    const content = makeHandoffContent("Only a handoff here.");
    const handoff = { scope_id: "scope-b", base_revision: null, content, content_key: canonicalJson(content) };
    await store.commitHandoff({ ...handoff, now: "2026-11-30T08:00:00.000Z" });
    assert.deepEqual(await store.listScopes(), [
      {
        scope_id: "scope-a",
        sources: 2,
        active_entries: 1,
        pending_candidates: 1,
        handoff_revisions: 0,
        last_activity: NOW,
      },
      {
        scope_id: "scope-b",
        sources: 0,
        active_entries: 0,
        pending_candidates: 0,
        handoff_revisions: 1,
        last_activity: "2026-11-30T08:00:00.000Z",
      },
    ]);
  },

  "pages the head's entries by entry id, filtered by kind and state": async (store) => {
    const retired = await remember(store, "Retired entry.");
    await remember(store, "Active one.");
    await remember(store, "Active two.");
    await retireEntry(store, { scope_id: "scope-a", citation: retired.citation, reason: null, now: NOW });
    await rememberEntry(store, {
      scope_id: "scope-a",
      entry: makeEntry("A fact.", { kind: "fact" }),
      reason: null,
      expected_revision: null,
      now: NOW,
    });
    const all = await store.listEntryPage("scope-a", { kind: null, state: null, offset: 0, limit: 10 });
    assert.equal(all.memory?.revision, 5);
    assert.deepEqual([all.entries.length, all.total, all.kinds], [4, 4, ["decision", "fact"]]);
    const ids = all.entries.map((entry) => entry.citation.entry_id);
    assert.deepEqual(ids, [...ids].sort());
    const active = await store.listEntryPage("scope-a", { kind: "decision", state: "active", offset: 1, limit: 5 });
    assert.deepEqual(
      active.entries.map((entry) => [entry.state, entry.citation.memory_ref.revision]),
      [["active", 5]],
    );
    assert.equal(active.total, 2, "the total ignores the page's offset and limit");
    const counts = async (kind: string | null, state: "active" | "inactive" | null) =>
      (await store.listEntryPage("scope-a", { kind, state, offset: 0, limit: 0 })).total;
    assert.deepEqual(
      [await counts(null, "active"), await counts(null, "inactive"), await counts("decision", null)],
      [3, 1, 3],
    );
    const none = await store.listEntryPage("scope-a", { kind: "fact", state: "inactive", offset: 0, limit: 5 });
    assert.deepEqual([none.entries, none.total], [[], 0]);
    assert.deepEqual(await store.listEntryPage("scope-b", { kind: null, state: null, offset: 0, limit: 5 }), {
      memory: null,
      entries: [],
      total: 0,
      kinds: [],
    });
  },

  "pages a scope's Sources newest first": async (store) => {
    for (const content of ["one", "two", "three"]) await store.captureSource(makeSource({ content }));
    await store.captureSource(makeSource({ scope_id: "scope-b", content: "elsewhere" }));
    const first = await store.listSources("scope-a", { before: null, limit: 2 });
    assert.deepEqual(
      first.map((source) => [source.position, source.content]),
      [
        [3, "three"],
        [2, "two"],
      ],
    );
    const next = await store.listSources("scope-a", { before: 2, limit: 2 });
    assert.deepEqual(
      next.map((source) => source.content),
      ["one"],
    );
  },

  "lists one entry's changes oldest first with their revision times": async (store) => {
    const entry = await remember(store, "Retired later.");
    await remember(store, "Another entry.");
    const retired = await retireEntry(store, {
      scope_id: "scope-a",
      citation: entry.citation,
      reason: "obsolete",
      now: "2026-11-30T00:00:00.000Z",
    });
    assert.equal(retired.status, "written");
    const changes = await store.listEntryChanges("scope-a", entry.citation.entry_id);
    assert.deepEqual(changes, [
      { revision: 1, op: "add", reason: null, created_at: NOW },
      { revision: 3, op: "deactivate", reason: "obsolete", created_at: "2026-11-30T00:00:00.000Z" },
    ]);
    assert.deepEqual(await store.listEntryChanges("scope-a", "mem_ent_unknown"), []);
  },

  "counts captures per day from a date on": async (store) => {
    for (const captured_at of ["2026-11-20T01:00:00.000Z", "2026-11-28T01:00:00.000Z", "2026-11-28T23:00:00.000Z"]) {
      await store.captureSource(makeSource({ captured_at }));
    }
    assert.deepEqual(await store.countSourcesByDay("scope-a", "2026-11-21"), [{ date: "2026-11-28", count: 2 }]);
  },
};

export function overviewContract(open: () => Promise<Store>): void {
  describeContract("overview", open, OVERVIEW_TESTS);
}
