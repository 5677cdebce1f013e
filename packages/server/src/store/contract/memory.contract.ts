// Memory every adapter must keep: explicit writes with their preconditions, entries at any revision, and history.
import assert from "node:assert/strict";
import type { MemoryCitation } from "@powercontext/protocol";
import { lookupEntry } from "../../domain/memory/citation.ts";
import { rememberEntry, retireEntry, reviseEntry } from "../../domain/memory/entry-writes.ts";
import type { Store } from "../types.ts";
import { NOW, makeEntry, remember, describeContract, type ContractTests } from "./builders.ts";

const MEMORY_TESTS: ContractTests = {
  "treats remembering an identical active entry as a no-op": async (store) => {
    const entry = await remember(store, "Never commit generated files.");
    const again = await rememberEntry(store, {
      scope_id: "scope-a",
      entry: makeEntry("Never commit generated files."),
      reason: null,
      expected_revision: null,
      now: NOW,
    });
    assert.deepEqual(again, { status: "unchanged", memory: entry.citation.memory_ref, entry: null });
  },

  "checks expected_revision on remember": async (store) => {
    const cas = (expected: number) =>
      rememberEntry(store, {
        scope_id: "scope-a",
        entry: makeEntry(`t${expected}`),
        reason: null,
        expected_revision: expected,
        now: NOW,
      });
    assert.deepEqual(await cas(1), { status: "no_memory" });
    await remember(store, "first");
    assert.deepEqual(await cas(5), { status: "revision_conflict" });
    assert.equal((await cas(1)).status, "written");
  },

  "revises an entry cited at an older revision when only other entries changed since": async (store) => {
    const target = await remember(store, "Deploy with make deploy.");
    await remember(store, "An unrelated entry.");
    const revised = await reviseEntry(store, {
      scope_id: "scope-a",
      citation: target.citation,
      next: { ...makeEntry("Deploy with make release."), kind: "command" },
      reason: "renamed",
      now: NOW,
    });
    assert.equal(revised.status, "written");
    if (revised.status !== "written" || !revised.entry) throw new Error("unreachable");
    assert.equal(revised.entry.version, 2);
    assert.equal(revised.entry.citation.entry_id, target.citation.entry_id);
    assert.equal(revised.memory.revision, 3);
    const stale = await reviseEntry(store, {
      scope_id: "scope-a",
      citation: target.citation,
      next: makeEntry("again"),
      reason: null,
      now: NOW,
    });
    assert.deepEqual(stale, { status: "revision_conflict" });
  },

  "reports missing artifacts and entries, and refuses to revise an inactive entry": async (store) => {
    const entry = await remember(store, "Keep secrets out of logs.");
    const bogus: MemoryCitation = { ...entry.citation, memory_ref: { ...entry.citation.memory_ref, revision: 99 } };
    assert.deepEqual(await lookupEntry(store, "scope-a", bogus), { status: "artifact_not_found" });
    assert.deepEqual(await lookupEntry(store, "scope-a", { ...entry.citation, entry_version_id: "mem_ver_x" }), {
      status: "memory_not_found",
    });
    const retired = await retireEntry(store, {
      scope_id: "scope-a",
      citation: entry.citation,
      reason: "obsolete",
      now: NOW,
    });
    assert.equal(retired.status === "written" && retired.entry?.state, "inactive");
    if (retired.status !== "written" || !retired.entry) throw new Error("unreachable");
    const again = await retireEntry(store, {
      scope_id: "scope-a",
      citation: retired.entry.citation,
      reason: null,
      now: NOW,
    });
    assert.equal(again.status, "unchanged");
    const revise = await reviseEntry(store, {
      scope_id: "scope-a",
      citation: retired.entry.citation,
      next: makeEntry("x"),
      reason: null,
      now: NOW,
    });
    assert.deepEqual(revise, { status: "entry_inactive" });
  },

  "keeps history: old versions stay readable and changes list every revision": async (store) => {
    const entry = await remember(store, "Port 8080 serves the API.");
    const revised = await reviseEntry(store, {
      scope_id: "scope-a",
      citation: entry.citation,
      next: makeEntry("Port 9090 serves the API."),
      reason: "moved",
      now: NOW,
    });
    if (revised.status !== "written" || !revised.entry) throw new Error("unreachable");
    await retireEntry(store, { scope_id: "scope-a", citation: revised.entry.citation, reason: "gone", now: NOW });
    const old = await lookupEntry(store, "scope-a", entry.citation);
    assert.equal(old.status === "found" && old.entry.text, "Port 8080 serves the API.");
    assert.equal(old.status === "found" && old.entry.state, "active");
    const changes = await store.listChanges("scope-a", 0);
    assert.equal(changes.status, "ok");
    if (changes.status !== "ok") return;
    assert.deepEqual(
      changes.revisions.map((r) => [r.memory_ref.revision, r.changes.map((c) => c.op)]),
      [
        [1, ["add"]],
        [2, ["revise"]],
        [3, ["deactivate"]],
      ],
    );
    assert.deepEqual(await store.listChanges("scope-a", null), {
      status: "ok",
      memory: { family: "memory", artifact_id: "memory", revision: 3 },
      revisions: [changes.revisions[2]],
    });
    assert.deepEqual(await store.listChanges("scope-a", 4), { status: "since_beyond_head" });
    assert.deepEqual((await store.listEntries("scope-a", false)).entries, []);
    assert.equal((await store.listEntries("scope-a", true)).entries[0]?.state, "inactive");
  },
};

export function memoryContract(open: () => Promise<Store>): void {
  describeContract("memory", open, MEMORY_TESTS);
}
