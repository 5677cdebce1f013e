// The data lifecycle every adapter must have: an export imported into a fresh store gives the same store, an import
// is idempotent and resumable, and each purge removes its target from every read and leaves an audit record without
// text. Each test opens the stores it needs (two for a round trip).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { canonicalJson, type ExportLine } from "@powercontext/protocol";
import { commitFlush } from "../../domain/journal/commit-flush.ts";
import { exportScope } from "../../domain/lifecycle/export-scope.ts";
import { importScope, type NumberedLine } from "../../domain/lifecycle/import-scope.ts";
import { retireEntry, reviseEntry } from "../../domain/memory/entry-writes.ts";
import type { Store } from "../types.ts";
import { UNNAMED_SESSION } from "../types/search.ts";
import { approved, makeEntry, makeSource, NOW, pending, remember } from "./builders.ts";
import { captureSessions, cite, near } from "./session-neighbours.contract.ts";

const CLOCK = { now: () => new Date(NOW) };
const SCOPE = "scope-a";

/** A scope with every kind of record: Sources, revisions of each change, candidates, a Handoff citing a Source. */
export async function fillScope(store: Store, marker = "quokka"): Promise<{ sourceId: string; entryId: string }> {
  const source = makeSource({ content: `The deploy key is ${marker}.` });
  await store.captureSource(source);
  for (let i = 0; i < 4; i += 1) await store.captureSource(makeSource({ content: `Note ${i}.` }));
  const cited = makeEntry(`Deploy with ${marker} keys.`, {
    source_refs: [{ name: "content", source_id: source.source_id }],
  });
  const again = { ...pending(`Maybe ${marker} again.`), source_refs: cited.source_refs };
  const candidates = [approved(cited), again, pending("Unrelated proposal.")];
  const flushed = await commitFlush(store, {
    scope_id: SCOPE,
    previous_cursor: 0,
    current_cursor: 3,
    candidates,
    now: NOW,
  });
  assert.equal(flushed.status, "committed");
  const kept = await remember(store, "We use pnpm instead of npm.");
  const gone = await remember(store, "Retired decision about tabs.");
  await reviseEntry(store, {
    scope_id: SCOPE,
    citation: kept.citation,
    next: makeEntry("We use pnpm 9 instead of npm."),
    reason: "newer",
    now: NOW,
  });
  await retireEntry(store, { scope_id: SCOPE, citation: gone.citation, reason: null, now: NOW });
  const content = {
    objective: "Ship it.",
    state: [
      { text: "Keys.", citations: [{ kind: "source", source_ref: { name: "content", source_id: source.source_id } }] },
    ],
  };
  await store.commitHandoff({
    scope_id: SCOPE,
    base_revision: null,
    content,
    content_key: canonicalJson(content),
    now: NOW,
  });
  await store.advanceHandoffCursor(SCOPE, 0, 2);
  return { sourceId: source.source_id, entryId: cited.entry_id };
}

export async function exportedLines(store: Store, pageSize = 2): Promise<ExportLine[]> {
  const lines: ExportLine[] = [];
  for await (const line of exportScope({ store, clock: CLOCK }, { scope_id: SCOPE, pageSize })) lines.push(line);
  return lines;
}

async function* numbered(lines: readonly ExportLine[]): AsyncGenerator<NumberedLine> {
  for (const [index, line] of lines.entries()) yield { number: index + 1, line };
}

function withStores(count: number, open: () => Promise<Store>, test: (...stores: Store[]) => Promise<void>) {
  return async () => {
    const stores: Store[] = [];
    try {
      for (let i = 0; i < count; i += 1) stores.push(await open());
      await test(...stores);
    } finally {
      for (const store of stores) await store.close();
    }
  };
}

const LIFECYCLE_TESTS: Record<string, (open: () => Promise<Store>) => () => Promise<void>> = {
  "an export imported into a fresh store exports the same lines and reads the same": (open) =>
    withStores(2, open, async (source, target) => {
      await fillScope(source);
      const lines = await exportedLines(source);
      const kinds = lines.map((line) => line.type);
      assert.deepEqual([kinds[0], kinds.at(-2), kinds.at(-1)], ["header", "cursors", "end"]);
      assert.deepEqual(lines.at(-1), {
        type: "end",
        counts: { sources: 5, revisions: 5, candidates: 3, handoffs: 1, artifact_candidates: 0, artifact_revisions: 0 },
      });
      const summary = await importScope({ store: target }, numbered(lines));
      assert.equal(summary.created.source, 5);
      assert.deepEqual(await exportedLines(target, 3), lines);
      assert.deepEqual(await target.listEntries(SCOPE, true), await source.listEntries(SCOPE, true));
      const query = { scope_id: SCOPE, terms: ["pnpm", "deploy"], limit: 10 };
      assert.deepEqual(await target.searchMemory(query), await source.searchMemory(query));
      assert.deepEqual(await target.readJournalWindow(SCOPE, 10), await source.readJournalWindow(SCOPE, 10));
    }),

  "an interrupted import run again finishes the job and duplicates nothing": (open) =>
    withStores(2, open, async (source, target) => {
      await fillScope(source);
      const lines = await exportedLines(source);
      await importScope({ store: target }, numbered(lines.slice(0, 7)));
      const again = await importScope({ store: target }, numbered(lines));
      assert.equal(again.existing.source, 5);
      assert.equal(again.existing.revision, 1);
      const third = await importScope({ store: target }, numbered(lines));
      assert.deepEqual(third.created, {
        source: 0,
        revision: 0,
        candidate: 0,
        artifact_candidate: 0,
        artifact_revision: 0,
        handoff: 0,
        cursors: 0,
      });
      assert.deepEqual(await exportedLines(target), lines);
    }),

  "an import stops at a line whose place the target gives to something else": (open) =>
    withStores(2, open, async (source, target) => {
      await fillScope(source);
      await target.captureSource(makeSource({ scope_id: SCOPE, source_id: "other", content: "Other." }));
      const lines = await exportedLines(source);
      await assert.rejects(importScope({ store: target }, numbered(lines)), { code: "source_conflict" });
      assert.equal((await target.readJournalWindow(SCOPE, 10)).sources.length, 1);
    }),

  "purging a Source removes it, the candidates and Handoffs citing it, and names the entries citing it": (open) =>
    withStores(2, open, async (store, copy) => {
      const { sourceId, entryId } = await fillScope(store);
      const outcome = await store.purgeSource(SCOPE, sourceId, NOW);
      assert.equal(outcome.status, "purged");
      if (outcome.status !== "purged") return;
      assert.deepEqual(outcome.entries_citing_source, [entryId]);
      assert.deepEqual(outcome.audit.removed, {
        sources: 1,
        entry_versions: 0,
        entries: 0,
        candidates: 2,
        handoff_revisions: 1,
      });
      assert.equal(await store.findSource(SCOPE, sourceId), null);
      assert.equal(await store.getHandoffHead(SCOPE), null);
      const lines = JSON.stringify(await exportedLines(store));
      assert.equal(lines.includes(`The deploy key`), false);
      assert.deepEqual((await store.purgeSource(SCOPE, sourceId, NOW)).status, "not_found");
      // The gap the purge left in the positions survives a round trip.
      await importScope({ store: copy }, numbered(await exportedLines(store)));
      assert.deepEqual(await exportedLines(copy), await exportedLines(store));
    }),

  "purging an entry removes every version, its search rows and the candidate that proposed it": (open) =>
    withStores(2, open, async (store, copy) => {
      const { entryId } = await fillScope(store);
      const outcome = await store.purgeEntry(SCOPE, entryId, NOW);
      assert.equal(outcome.status === "purged" && outcome.audit.removed.entries, 1);
      const listed = await store.listEntries(SCOPE, true);
      assert.equal(
        listed.entries.some((entry) => entry.citation.entry_id === entryId),
        false,
      );
      const hits = await store.searchMemory({ scope_id: SCOPE, terms: ["quokka"], limit: 10 });
      assert.deepEqual(hits.hits, []);
      assert.equal((await store.termFrequencies(SCOPE, ["quokka"])).get("quokka") ?? 0, 0);
      assert.equal(await store.readEntryAt(SCOPE, entryId, 1), null);
      const lines = JSON.stringify(await exportedLines(store));
      assert.equal(lines.includes("Deploy with quokka"), false);
      assert.equal((await store.purgeEntry(SCOPE, entryId, NOW)).status, "not_found");
      // The revision the purge left without changes survives a round trip, so the numbers after it stay the same.
      await importScope({ store: copy }, numbered(await exportedLines(store)));
      assert.deepEqual(await exportedLines(copy), await exportedLines(store));
      assert.deepEqual(await copy.getMemoryHead(SCOPE), await store.getMemoryHead(SCOPE));
    }),

  "purging a Source or an entry takes it out of its session's neighbours": (open) =>
    withStores(1, open, (store) => purgesNeighbours(store, "s-1", "s-1")),

  "purging a Source naming no session takes it out of the stream's neighbours": (open) =>
    withStores(1, open, (store) => purgesNeighbours(store, null, UNNAMED_SESSION)),

  "purging a scope leaves nothing but its audit records, which hold no text": (open) =>
    withStores(1, open, async (store) => {
      const { sourceId } = await fillScope(store);
      await store.purgeSource(SCOPE, sourceId, NOW);
      const outcome = await store.purgeScope(SCOPE, NOW);
      assert.equal(outcome.status === "purged" && outcome.audit.removed.sources, 4);
      assert.equal(await store.readScopeCursors(SCOPE), null);
      assert.equal((await store.getInventory(SCOPE)).sources_total, 0);
      assert.equal((await store.listEntries(SCOPE, true)).entries.length, 0);
      const audits = await store.listPurges(SCOPE);
      assert.deepEqual(
        audits.map((audit) => [audit.target, audit.target_id]),
        [
          ["source", sourceId],
          ["scope", SCOPE],
        ],
      );
      assert.equal(JSON.stringify(audits).includes("quokka"), false);
      assert.equal((await store.purgeScope(SCOPE, NOW)).status, "not_found");
      assert.equal((await store.purgeScope("never-used", NOW)).status, "not_found");
    }),
};

export function lifecycleContract(open: () => Promise<Store>): void {
  describe("data lifecycle", () => {
    for (const [name, test] of Object.entries(LIFECYCLE_TESTS)) it(name, test(open));
  });
}

/** Three Sources captured in `captured` (null: naming none), read back under `session` as purges take them away. */
async function purgesNeighbours(store: Store, captured: string | null, session: string): Promise<void> {
  const ids = await captureSessions(store, [captured, captured, captured]);
  const twice = await cite(store, "Cites the first and second Sources.", ids, [1, 2]);
  const third = await cite(store, "Cites the third Source.", ids, [3]);
  const anchor = [{ session_id: session, position: 2 }];
  assert.deepEqual(await store.readSessionNeighbours(SCOPE, anchor, 1, 10), [
    near(twice, session, 2),
    near(third, session, 3),
  ]);
  await store.purgeSource(SCOPE, ids[1] ?? "", NOW);
  assert.deepEqual(await store.readSessionNeighbours(SCOPE, anchor, 0, 10), []);
  assert.deepEqual(await store.readSessionNeighbours(SCOPE, anchor, 1, 10), [
    near(twice, session, 1),
    near(third, session, 3),
  ]);
  await store.purgeEntry(SCOPE, third.citation.entry_id, NOW);
  assert.deepEqual(await store.readSessionNeighbours(SCOPE, anchor, 1, 10), [near(twice, session, 1)]);
  await store.purgeScope(SCOPE, NOW);
  assert.deepEqual(await store.readSessionNeighbours(SCOPE, anchor, 1, 10), []);
}
