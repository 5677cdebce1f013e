// The entries captured near a place in a chat session, which recall reads around the matched turns of a session:
// only the scope's active head entries citing a Source of the anchor's session within the radius, nearest first, each
// entry once, at most the limit.
import assert from "node:assert/strict";
import type { MemoryEntry } from "@powercontext/protocol";
import { commitFlush } from "../../domain/journal/commit-flush.ts";
import { rememberEntry, retireEntry, reviseEntry } from "../../domain/memory/entry-writes.ts";
import type { SessionNeighbour, Store } from "../types.ts";
import { UNNAMED_SESSION } from "../types/search.ts";
import { approved, NOW, makeEntry, makeSource, describeContract, type ContractTests } from "./builders.ts";

/** Captures one Source per session given (null: metadata naming no session) and returns their ids, by position. */
export async function captureSessions(store: Store, sessions: Array<string | number | null>, scope = "scope-a") {
  const ids: string[] = [];
  for (const session_id of sessions) {
    const source = makeSource({
      scope_id: scope,
      metadata: session_id === null ? { origin: "test" } : { origin: "test", session_id },
    });
    await store.captureSource(source);
    ids.push(source.source_id);
  }
  return ids;
}

/** Remembers an entry citing the Sources at `positions` (1-based, as in the journal) of `sourceIds`. */
export async function cite(
  store: Store,
  text: string,
  sourceIds: string[],
  positions: number[],
  scope = "scope-a",
): Promise<MemoryEntry> {
  const source_refs = positions.map((position) => ({
    name: "content" as const,
    source_id: sourceIds[position - 1] ?? "",
  }));
  const result = await rememberEntry(store, {
    scope_id: scope,
    entry: makeEntry(text, { source_refs }),
    reason: null,
    expected_revision: null,
    now: NOW,
  });
  if (result.status !== "written" || !result.entry) throw new Error(`${text} was not written`);
  return result.entry;
}

/** Revises `revised` to `text`, then retires `retired` (two revisions); returns the revised entry. */
async function reviseThenRetire(
  store: Store,
  revised: MemoryEntry,
  text: string,
  retired: MemoryEntry,
): Promise<MemoryEntry> {
  const next = await reviseEntry(store, {
    scope_id: "scope-a",
    citation: revised.citation,
    next: makeEntry(text),
    reason: "reworded",
    now: NOW,
  });
  if (next.status !== "written" || !next.entry) throw new Error("the revision was not written");
  const retiring = await retireEntry(store, {
    scope_id: "scope-a",
    citation: retired.citation,
    reason: null,
    now: NOW,
  });
  assert.equal(retiring.status, "written");
  return next.entry;
}

export function near(entry: MemoryEntry, session_id: string, position: number): SessionNeighbour {
  return { entry_version_id: entry.citation.entry_version_id, session_id, position };
}

const SESSION_NEIGHBOURS_TESTS: ContractTests = {
  "reads the entries citing the anchor's session within the radius, nearest first": async (store) => {
    const ids = await captureSessions(store, ["s-1", "s-1", "s-2", "s-1", "s-1", "s-1", null, 7]);
    const atAnchor = await cite(store, "Cites the anchor's own Source.", ids, [4]);
    const before = await cite(store, "Cites two positions before.", ids, [2]);
    const after = await cite(store, "Cites the next position.", ids, [5]);
    const twice = await cite(store, "Cites one Source out of the radius and one in it.", ids, [1, 6]);
    await cite(store, "Cites another session's Source next to the anchor.", ids, [3]);
    await cite(store, "Cites a Source out of the radius.", ids, [1]);
    await cite(store, "Cites Sources naming no session, or not as a string.", ids, [7, 8]);
    const neighbours = await store.readSessionNeighbours("scope-a", [{ session_id: "s-1", position: 4 }], 2, 10);
    assert.deepEqual(neighbours, [
      near(atAnchor, "s-1", 4),
      near(after, "s-1", 5),
      // At the same distance, the earlier position first.
      near(before, "s-1", 2),
      near(twice, "s-1", 6),
    ]);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", [{ session_id: "s-1", position: 4 }], 0, 10), [
      near(atAnchor, "s-1", 4),
    ]);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", [{ session_id: "s-9", position: 4 }], 2, 10), []);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", [], 2, 10), []);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", [{ session_id: "s-1", position: 4 }], 2, 0), []);
  },

  "leaves out superseded and retired versions": async (store) => {
    const ids = await captureSessions(store, ["s-1", "s-1", "s-1"]);
    const revised = await cite(store, "Deploy with make deploy.", ids, [1]);
    const retired = await cite(store, "Tabs, not spaces.", ids, [2]);
    const kept = await cite(store, "We use pnpm.", ids, [3]);
    const next = await reviseThenRetire(store, revised, "Deploy with make release.", retired);
    const neighbours = await store.readSessionNeighbours("scope-a", [{ session_id: "s-1", position: 1 }], 5, 10);
    // Both versions of the revised entry cite the first Source (a revision keeps the citations): only the head is read.
    assert.deepEqual(neighbours, [near(next, "s-1", 1), near(kept, "s-1", 3)]);
    assert.notEqual(next.citation.entry_version_id, revised.citation.entry_version_id);
  },

  "reads each entry once, at the anchor given first, and at most the limit": async (store) => {
    const ids = await captureSessions(store, ["s-1", "s-1", "s-1", "s-2", "s-2"]);
    const first = await cite(store, "Cites the first Source.", ids, [1]);
    const third = await cite(store, "Cites the third Source.", ids, [3]);
    const both = await cite(store, "Cites a Source of each session.", ids, [2, 5]);
    const fourth = await cite(store, "Cites the fourth Source.", ids, [4]);
    const anchors = [
      { session_id: "s-2", position: 5 },
      { session_id: "s-1", position: 3 },
    ];
    assert.deepEqual(await store.readSessionNeighbours("scope-a", anchors, 1, 10), [
      near(both, "s-2", 5),
      near(fourth, "s-2", 4),
      near(third, "s-1", 3),
    ]);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", anchors, 2, 10), [
      near(both, "s-2", 5),
      near(fourth, "s-2", 4),
      near(third, "s-1", 3),
      near(first, "s-1", 1),
    ]);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", anchors, 2, 3), [
      near(both, "s-2", 5),
      near(fourth, "s-2", 4),
      near(third, "s-1", 3),
    ]);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", [...anchors].reverse(), 2, 2), [
      near(third, "s-1", 3),
      near(both, "s-1", 2),
    ]);
  },

  "reads a session holding U+0000 as it was captured": async (store) => {
    const ids = await captureSessions(store, ["s-\u0000", "s-"]);
    const entry = await cite(store, "Cites a session holding U+0000.", ids, [1]);
    await cite(store, "Cites the session that differs by U+0000 alone.", ids, [2]);
    assert.deepEqual(await store.readSessionNeighbours("scope-a", [{ session_id: "s-\u0000", position: 1 }], 1, 10), [
      near(entry, "s-\u0000", 1),
    ]);
    // Session context reads the same origins the other way round: the session comes back as it was captured.
    const version = entry.citation.entry_version_id;
    const origins = await store.readEntryOrigins("scope-a", [version]);
    assert.deepEqual(origins.get(version), [{ position: 1, session_id: "s-\u0000" }]);
  },

  "reads the stream of Sources naming no session under the unnamed session": async (store) => {
    // Positions 1-5: no session, a number, an empty string (which names none), a named session, no session.
    const ids = await captureSessions(store, [null, 7, "", "s-1", null]);
    const first = await cite(store, "Cites a Source naming no session.", ids, [1]);
    const numbered = await cite(store, "Cites a Source whose session is a number.", ids, [2]);
    const empty = await cite(store, "Cites a Source whose session is empty.", ids, [3]);
    await cite(store, "Cites a named session's Source.", ids, [4]);
    const last = await cite(store, "Cites the last Source naming no session.", ids, [5]);
    const anchor = [{ session_id: UNNAMED_SESSION, position: 3 }];
    assert.deepEqual(await store.readSessionNeighbours("scope-a", anchor, 2, 10), [
      near(empty, UNNAMED_SESSION, 3),
      near(numbered, UNNAMED_SESSION, 2),
      near(first, UNNAMED_SESSION, 1),
      near(last, UNNAMED_SESSION, 5),
    ]);
    // Session context still reads each origin's session as it was captured.
    const origins = await store.readEntryOrigins(
      "scope-a",
      [first, empty].map((e) => e.citation.entry_version_id),
    );
    assert.deepEqual(origins.get(first.citation.entry_version_id), [{ position: 1, session_id: null }]);
    assert.deepEqual(origins.get(empty.citation.entry_version_id), [{ position: 3, session_id: "" }]);
  },

  "reads the entries written without a Source near a revision: heads only, nearest first": async (store) => {
    // Revisions 1-4: three entries written with memory/remember and one citing a Source in between.
    const ids = await captureSessions(store, [null]);
    const first = await cite(store, "Written first.", ids, []);
    const revised = await cite(store, "Written second, revised later.", ids, []);
    await cite(store, "Cites a Source.", ids, [1]);
    const retired = await cite(store, "Written fourth, retired later.", ids, []);
    const next = await reviseThenRetire(store, revised, "Written second, revised in revision 5.", retired);
    const written = (entry: MemoryEntry, revision: number) => ({
      entry_version_id: entry.citation.entry_version_id,
      revision,
    });
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [2], 3, 10), [written(first, 1), written(next, 5)]);
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [5, 1], 0, 10), [
      written(next, 5),
      written(first, 1),
    ]);
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [2], 3, 1), [written(first, 1)]);
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [2], 3, 0), []);
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [], 3, 10), []);
    assert.deepEqual(await store.readWrittenNeighbours("scope-b", [2], 3, 10), []);
    // Revision 7 writes two entries at once (a batch, as an import writes them): read around, it reads nothing.
    const batch = await commitFlush(store, {
      scope_id: "scope-a",
      previous_cursor: 0,
      current_cursor: 1,
      candidates: [approved(makeEntry("Batch entry one.")), approved(makeEntry("Batch entry two."))],
      now: NOW,
    });
    assert.equal(batch.status, "committed");
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [7], 3, 10), []);
    assert.deepEqual(await store.readWrittenNeighbours("scope-a", [5], 0, 10), [written(next, 5)]);
  },

  "never reads another scope's entries": async (store) => {
    const ids = await captureSessions(store, ["s-1", "s-1"]);
    const mine = await cite(store, "In scope a.", ids, [1]);
    const otherIds = await captureSessions(store, ["s-1", "s-1"], "scope-b");
    const theirs = await cite(store, "In scope b.", otherIds, [1], "scope-b");
    const anchor = [{ session_id: "s-1", position: 2 }];
    assert.deepEqual(await store.readSessionNeighbours("scope-a", anchor, 1, 10), [near(mine, "s-1", 1)]);
    assert.deepEqual(await store.readSessionNeighbours("scope-b", anchor, 1, 10), [near(theirs, "s-1", 1)]);
    assert.deepEqual(await store.readSessionNeighbours("scope-c", anchor, 1, 10), []);
  },
};

export function sessionNeighboursContract(open: () => Promise<Store>): void {
  describeContract("session neighbours", open, SESSION_NEIGHBOURS_TESTS);
}
