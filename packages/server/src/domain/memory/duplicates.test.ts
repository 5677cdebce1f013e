import assert from "node:assert/strict";
import { test } from "node:test";
import type { EntryHead, MemoryHeads, NewEntryVersion } from "../../store/types.ts";
import { toSearchText } from "../../search/analyze.ts";
import { headsToRead, resolveApprovals, tradesWords, type Approval } from "./duplicates.ts";

const MEMORY = { family: "memory", artifact_id: "memory", revision: 5 };

function entry(id: string, fingerprint: string): NewEntryVersion {
  return {
    entry_id: id,
    entry_version_id: `${id}-v`,
    kind: "fact",
    text: fingerprint,
    search_text: fingerprint,
    fingerprint,
    source_refs: [],
    artifact_refs: [],
  };
}

function head(id: string, fingerprint: string, state: "active" | "inactive" = "active"): EntryHead {
  const citation = { memory_ref: MEMORY, entry_id: id, entry_version_id: `${id}-v` };
  return {
    entry: { citation, version: 1, kind: "fact", text: fingerprint, state, source_refs: [], artifact_refs: [] },
    fingerprint,
    last_revision: 3,
  };
}

const approval = (key: string, id: string, fingerprint: string, near: string | null = null): Approval => ({
  key,
  entry: entry(id, fingerprint),
  near_duplicate_of: near,
});

const linked = (view: MemoryHeads, approvals: Approval[]) => {
  const resolved = resolveApprovals(view, approvals);
  const links = Object.fromEntries([...resolved.links].map(([key, link]) => [key, link.entry_id]));
  return { adds: resolved.changes.length, links, expected: resolved.expected };
};

test("an approval points at what already says the same thing: in the batch, an exact twin, a live near one", () => {
  const view: MemoryHeads = {
    memory: MEMORY,
    heads: [head("old-b", "f1"), head("old-a", "f1"), head("gone", "f9", "inactive"), head("near", "f8")],
  };
  assert.deepEqual(
    linked(view, [
      approval("c1", "new1", "f1"),
      approval("c2", "new2", "f2"),
      approval("c3", "new3", "f2"),
      approval("c4", "new4", "f3", "gone"),
      approval("c5", "new5", "f4", "near"),
    ]),
    {
      adds: 2,
      links: { c1: "old-a", c2: "new2", c3: "new2", c4: "new4", c5: "near" },
      expected: {
        entries: [
          { entry_id: "old-a", last_revision: 3 },
          { entry_id: "gone", last_revision: 3 },
          { entry_id: "near", last_revision: 3 },
        ],
        fingerprints: [
          { fingerprint: "f1", active_entry_ids: ["old-a", "old-b"] },
          { fingerprint: "f2", active_entry_ids: [] },
          { fingerprint: "f3", active_entry_ids: [] },
          { fingerprint: "f4", active_entry_ids: [] },
        ],
      },
    },
  );
});

test("a near duplicate the store no longer holds is relied on as absent", () => {
  const { expected } = linked({ memory: MEMORY, heads: [] }, [approval("c1", "new1", "f1", "vanished")]);
  assert.deepEqual(expected.entries, [{ entry_id: "vanished", last_revision: null }]);
});

test("a statement that trades a word for another is not a restatement; one that adds or drops words is", () => {
  const terms = (text: string) => toSearchText(text).split(" ");
  const pricing = terms("The pricing engine API must be versioned with an Accept-Version header.");
  assert.equal(
    tradesWords(pricing, terms("The websocket hub API must be versioned with an Accept-Version header.")),
    true,
  );
  assert.equal(
    tradesWords(pricing, terms("The pricing engine API must be versioned with an Accept-Version header, always.")),
    false,
  );
  assert.equal(
    tradesWords(pricing, terms("the pricing engine API must be versioned with an accept-version header")),
    false,
  );
});

test("a chat turn kept as it was said restates nothing: an exact twin, a batch twin or a near one, it is added", () => {
  const turn = (key: string, id: string, fingerprint: string, near: string | null = null): Approval => ({
    key,
    entry: { ...entry(id, fingerprint), kind: "conversation" },
    near_duplicate_of: near,
  });
  const view: MemoryHeads = { memory: MEMORY, heads: [head("old", "f1"), head("near", "f8")] };
  const turns = [turn("c1", "new1", "f1"), turn("c2", "new2", "f1"), turn("c3", "new3", "f3", "near")];
  const { adds, links, expected } = linked(view, turns);
  assert.equal(adds, 3);
  assert.deepEqual(links, { c1: "new1", c2: "new2", c3: "new3" });
  // Nothing is read for them, and the commit relies on nothing about other entries.
  assert.deepEqual(headsToRead(turns), { entry_ids: [], fingerprints: [] });
  assert.deepEqual(expected, { entries: [], fingerprints: [] });
  assert.deepEqual(headsToRead([...turns, approval("c4", "new4", "f9", "near")]), {
    entry_ids: ["near"],
    fingerprints: ["f9"],
  });
});
