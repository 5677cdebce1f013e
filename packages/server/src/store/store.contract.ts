// The behaviour every Store adapter must have. Each adapter's test file calls storeContract with its opener.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { MemoryCitation } from "@powercontext/protocol";
import type { NewCandidate, NewEntryVersion, NewSource, Store } from "./types.ts";

const NOW = "2026-11-29T12:00:00.000Z";
let counter = 0;
const id = (prefix: string): string => `${prefix}${String((counter += 1)).padStart(32, "0")}`;

export function makeSource(overrides: Partial<NewSource> = {}): NewSource {
  return {
    scope_id: "scope-a",
    source_id: id("src-"),
    content: "We use pnpm instead of npm.",
    metadata: { origin: "test" },
    payload_digest: "digest-1",
    redaction_count: 0,
    captured_at: NOW,
    ...overrides,
  };
}

export function makeEntry(text: string, overrides: Partial<NewEntryVersion> = {}): NewEntryVersion {
  return {
    entry_id: id("mem_ent_"),
    entry_version_id: id("mem_ver_"),
    kind: "decision",
    text,
    search_text: text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim(),
    fingerprint: `fp:${text.toLowerCase()}`,
    source_refs: [],
    artifact_refs: [],
    ...overrides,
  };
}

function approved(entry: NewEntryVersion, near: string | null = null): NewCandidate {
  return {
    candidate_id: id("mcand_"),
    proposal: { kind: entry.kind, text: entry.text },
    confidence: 0.9,
    extractor: "rules",
    source_refs: entry.source_refs,
    disposition: { status: "approved", reviewer: "policy:auto", entry, near_duplicate_of: near },
  };
}

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} store`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    async function remember(text: string, scope = "scope-a") {
      const result = await store.remember({
        scope_id: scope,
        entry: makeEntry(text),
        reason: null,
        expected_revision: null,
        now: NOW,
      });
      assert.equal(result.status, "written");
      if (result.status !== "written" || !result.entry) throw new Error("unreachable");
      return result.entry;
    }

    it("gives each new source the next position in its scope", async () => {
      const first = await store.captureSource(makeSource());
      const second = await store.captureSource(makeSource());
      const other = await store.captureSource(makeSource({ scope_id: "scope-b" }));
      assert.deepEqual(
        [first, second, other].map((r) => (r.status === "conflict" ? -1 : r.receipt.position)),
        [1, 2, 1],
      );
    });

    it("returns the original receipt for the same payload and conflicts on a different one", async () => {
      const source = makeSource();
      const first = await store.captureSource(source);
      const again = await store.captureSource(source);
      assert.equal(first.status, "created");
      assert.deepEqual(again, { status: "duplicate", receipt: first.status === "created" ? first.receipt : null });
      assert.deepEqual(await store.captureSource({ ...source, payload_digest: "other" }), { status: "conflict" });
      assert.equal((await store.readJournalWindow("scope-a", 10)).high_watermark, 1);
    });

    it("keeps positions gap-free under many concurrent captures", async () => {
      const results = await Promise.all(Array.from({ length: 200 }, () => store.captureSource(makeSource())));
      const positions = results.map((r) => (r.status === "created" ? r.receipt.position : -1)).sort((a, b) => a - b);
      assert.deepEqual(
        positions,
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
    });

    it("reads the window after the cursor and advances the cursor only through commitFlush", async () => {
      for (let i = 0; i < 5; i += 1) await store.captureSource(makeSource());
      const window = await store.readJournalWindow("scope-a", 3);
      assert.deepEqual(
        window.sources.map((s) => s.position),
        [1, 2, 3],
      );
      const entry = makeEntry("Always run the linter before pushing.");
      const committed = await store.commitFlush({
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
      const stale = await store.commitFlush({
        scope_id: "scope-a",
        previous_cursor: 0,
        current_cursor: 5,
        candidates: [],
        now: NOW,
      });
      assert.deepEqual(stale, { status: "cursor_moved" });
    });

    it("never creates a second active entry for an exact or near duplicate", async () => {
      const existing = await remember("Use PostgreSQL 16 for billing.");
      const twin = makeEntry("Use PostgreSQL 16 for billing.");
      const near = makeEntry("Use PostgreSQL 16 for the billing service.");
      const result = await store.commitFlush({
        scope_id: "scope-a",
        previous_cursor: 0,
        current_cursor: 0,
        candidates: [approved(twin), approved(near, existing.citation.entry_id)],
        now: NOW,
      });
      assert.equal(result.status === "committed" && result.written, false);
      assert.equal((await store.listEntries("scope-a", true)).entries.length, 1);
      const page = await store.listCandidates({ scope_id: "scope-a", status: "approved", cursor: null, limit: 10 });
      assert.deepEqual(
        page.candidates.map((c) => c.result?.entry_id),
        [existing.citation.entry_id, existing.citation.entry_id],
      );
    });

    it("treats remembering an identical active entry as a no-op", async () => {
      const entry = await remember("Never commit generated files.");
      const again = await store.remember({
        scope_id: "scope-a",
        entry: makeEntry("Never commit generated files."),
        reason: null,
        expected_revision: null,
        now: NOW,
      });
      assert.deepEqual(again, { status: "unchanged", memory: entry.citation.memory_ref, entry: null });
    });

    it("checks expected_revision on remember", async () => {
      const cas = (expected: number) =>
        store.remember({
          scope_id: "scope-a",
          entry: makeEntry(`t${expected}`),
          reason: null,
          expected_revision: expected,
          now: NOW,
        });
      assert.deepEqual(await cas(1), { status: "no_memory" });
      await remember("first");
      assert.deepEqual(await cas(5), { status: "revision_conflict" });
      assert.equal((await cas(1)).status, "written");
    });

    it("revises an entry cited at an older revision when only other entries changed since", async () => {
      const target = await remember("Deploy with make deploy.");
      await remember("An unrelated entry.");
      const revised = await store.reviseEntry({
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
      const stale = await store.reviseEntry({
        scope_id: "scope-a",
        citation: target.citation,
        next: makeEntry("again"),
        reason: null,
        now: NOW,
      });
      assert.deepEqual(stale, { status: "revision_conflict" });
    });

    it("reports missing artifacts and entries, and refuses to revise an inactive entry", async () => {
      const entry = await remember("Keep secrets out of logs.");
      const bogus: MemoryCitation = { ...entry.citation, memory_ref: { ...entry.citation.memory_ref, revision: 99 } };
      assert.deepEqual(await store.getEntry("scope-a", bogus), { status: "artifact_not_found" });
      assert.deepEqual(await store.getEntry("scope-a", { ...entry.citation, entry_version_id: "mem_ver_x" }), {
        status: "memory_not_found",
      });
      const retired = await store.retireEntry({
        scope_id: "scope-a",
        citation: entry.citation,
        reason: "obsolete",
        now: NOW,
      });
      assert.equal(retired.status === "written" && retired.entry?.state, "inactive");
      if (retired.status !== "written" || !retired.entry) throw new Error("unreachable");
      const again = await store.retireEntry({
        scope_id: "scope-a",
        citation: retired.entry.citation,
        reason: null,
        now: NOW,
      });
      assert.equal(again.status, "unchanged");
      const revise = await store.reviseEntry({
        scope_id: "scope-a",
        citation: retired.entry.citation,
        next: makeEntry("x"),
        reason: null,
        now: NOW,
      });
      assert.deepEqual(revise, { status: "entry_inactive" });
    });

    it("keeps history: old versions stay readable and changes list every revision", async () => {
      const entry = await remember("Port 8080 serves the API.");
      const revised = await store.reviseEntry({
        scope_id: "scope-a",
        citation: entry.citation,
        next: makeEntry("Port 9090 serves the API."),
        reason: "moved",
        now: NOW,
      });
      if (revised.status !== "written" || !revised.entry) throw new Error("unreachable");
      await store.retireEntry({ scope_id: "scope-a", citation: revised.entry.citation, reason: "gone", now: NOW });
      const old = await store.getEntry("scope-a", entry.citation);
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
      assert.deepEqual(
        (await store.listChanges("scope-a", null)).status === "ok" && (await store.listChanges("scope-a", null)),
        {
          status: "ok",
          memory: { family: "memory", artifact_id: "memory", revision: 3 },
          revisions: [changes.revisions[2]],
        },
      );
      assert.deepEqual(await store.listChanges("scope-a", 4), { status: "since_beyond_head" });
      assert.deepEqual((await store.listEntries("scope-a", false)).entries, []);
      assert.equal((await store.listEntries("scope-a", true)).entries[0]?.state, "inactive");
    });

    it("searches only the scope's active entries", async () => {
      await remember("Billing uses PostgreSQL.");
      await remember("Billing uses SQLite.", "scope-b");
      const retired = await remember("Billing once used MySQL.");
      await store.retireEntry({
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
    });

    it("returns search hits best first", async () => {
      for (let i = 0; i < 40; i += 1)
        await remember(`Billing ${"billing ".repeat(i % 4)}note ${i} ${"x ".repeat(i % 7)}`);
      const full = await store.searchMemory({ scope_id: "scope-a", terms: ["billing", "note"], limit: 40 });
      assert.equal(full.hits.length, 40);
      assert.ok(full.hits.every((hit, i) => i === 0 || hit.relevance <= (full.hits[i - 1]?.relevance ?? 0)));
    });

    it("moves a candidate through review with version checks", async () => {
      const pending: NewCandidate = { ...approved(makeEntry("Prefer tabs.")), disposition: { status: "pending" } };
      await store.commitFlush({
        scope_id: "scope-a",
        previous_cursor: 0,
        current_cursor: 0,
        candidates: [pending],
        now: NOW,
      });
      const review = (expected: number, decision: Parameters<Store["reviewCandidate"]>[0]["decision"]) =>
        store.reviewCandidate({
          scope_id: "scope-a",
          candidate_id: pending.candidate_id,
          expected_version: expected,
          decision,
          now: NOW,
        });
      const revised = await review(1, {
        action: "revise",
        proposal: { kind: "preference", text: "Prefer spaces." },
        reason: null,
      });
      assert.equal(revised.status === "ok" && revised.candidate.version, 2);
      assert.deepEqual(await review(1, { action: "reject", reviewer: "user:a", reason: "no" }), {
        status: "candidate_conflict",
        current_version: 2,
      });
      const ok = await review(2, {
        action: "approve",
        reviewer: "user:a",
        entry: makeEntry("Prefer spaces."),
        near_duplicate_of: null,
      });
      assert.equal(ok.status === "ok" && ok.candidate.status, "approved");
      assert.equal(ok.status === "ok" && ok.candidate.result?.memory_ref.revision, 1);
      assert.deepEqual(await review(2, { action: "reject", reviewer: "user:a", reason: "late" }), {
        status: "candidate_terminal",
        current: "approved",
      });
      assert.deepEqual(
        await store.reviewCandidate({
          scope_id: "scope-b",
          candidate_id: pending.candidate_id,
          expected_version: 1,
          decision: { action: "reject", reviewer: "u", reason: "r" },
          now: NOW,
        }),
        { status: "candidate_not_found" },
      );
    });

    it("pages candidates in id order", async () => {
      const candidates = Array.from({ length: 5 }, (_, i) => ({
        ...approved(makeEntry(`c${i}`)),
        disposition: { status: "pending" as const },
      }));
      await store.commitFlush({ scope_id: "scope-a", previous_cursor: 0, current_cursor: 0, candidates, now: NOW });
      const first = await store.listCandidates({ scope_id: "scope-a", status: "pending", cursor: null, limit: 3 });
      const second = await store.listCandidates({
        scope_id: "scope-a",
        status: "pending",
        cursor: first.next_cursor,
        limit: 3,
      });
      assert.equal(first.candidates.length, 3);
      assert.equal(second.next_cursor, null);
      assert.deepEqual(
        [...first.candidates, ...second.candidates].map((c) => c.candidate_id),
        candidates.map((c) => c.candidate_id),
      );
    });

    it("counts inventory and accumulates recall samples per day", async () => {
      await store.captureSource(makeSource());
      await remember("Counted entry.");
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
      };
      await store.addRecallSamples([sample]);
      await store.addRecallSamples([sample]);
      assert.deepEqual(await store.readRecallDaily("scope-a", "2026-11-01", "2026-11-30"), [
        { ...sample, preparations: 2, ready_preparations: 2, recalled_tokens: 10 },
      ]);
    });
  });
}
