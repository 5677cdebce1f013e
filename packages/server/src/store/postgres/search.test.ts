// PostgreSQL's ranking against the embedded store's on one fixture: the same hits, in the same order, with the same
// BM25 relevance (up to floating-point rounding), through the same query shaping and re-ranking the Server uses.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { rememberEntry, retireEntry, reviseEntry } from "../../domain/memory/entry-writes.ts";
import { textFingerprint, toSearchText } from "../../search/analyze.ts";
import { shapeQuery } from "../../search/query.ts";
import { rankHits } from "../../search/rank.ts";
import { openTestPostgresStore } from "../../testing/postgres.ts";
import { openSqliteStore } from "../sqlite/index.ts";
import type { NewEntryVersion, Store } from "../types.ts";

const SCOPE = "git:github.com/acme/billing";
const NOW = "2026-11-29T12:00:00.000Z";

const FIXTURE: ReadonlyArray<[kind: string, text: string]> = [
  ["decision", "We use pnpm instead of npm for installing packages in this repo."],
  ["constraint", "The billing export must stream rows; never load the whole table into memory."],
  ["convention", "Database migrations live in db/migrations and are numbered; never edit a shipped migration."],
  ["command", "Run `npm test` before pushing; CI runs the same command."],
  ["decision", "Use PostgreSQL 16 for the billing service and SQLite for local development."],
  ["fact", "The API listens on port 8080 behind the nginx reverse proxy."],
  ["preference", "Prefer small pull requests with one concern each."],
  ["constraint", "Never log prompt text, memory text or access tokens."],
  ["fact", "The billingExport job runs nightly at 02:00 UTC and writes CSV files to S3."],
  ["decision", "HTTPServer timeouts are 30 seconds for reads and 60 seconds for writes."],
  ["convention", "Feature flags are named team.feature_name and removed within two releases."],
  ["fact", "The export retries three times with exponential backoff before paging on-call."],
  ["constraint", "数据库迁移必须在发布之前完成。"],
  ["decision", "前端使用 React 构建。"],
  ["fact", "数据库备份每天凌晨两点运行。"],
  ["command", "Use make release to tag and publish a version; make deploy is gone."],
  ["fact", "Billing invoices are generated on the first day of each month from the usage table."],
  ["preference", "Tests read like behaviour sentences: what happens, not how."],
  ["fact", "The table usage_events is partitioned by month; queries must filter on occurred_at."],
  ["decision", "Stream large exports with a server-side cursor in batches of 10,000 rows."],
];

const QUERIES = [
  "How should the billing export read the table?",
  "Which package manager should I install dependencies with?",
  "什么时候做数据库迁移？",
  "数据库",
  "What port does the API listen on?",
  "billing",
  "how do I deploy a release",
  "export rows stream cursor batches table memory billing nightly",
  "Refactor the billingExport job so that the usage_events table export streams rows with a server-side cursor, " +
    "retries with exponential backoff, writes CSV files to S3 nightly, never loads the whole table into memory, " +
    "keeps HTTPServer timeouts, uses PostgreSQL 16 for billing, filters on occurred_at, pages on-call, respects " +
    "feature flags named team.feature_name and logs no prompt text or access tokens, with migrations numbered.",
  "nothing here matches zebra",
];

function entry(index: number, kind: string, text: string): NewEntryVersion {
  const id = String(index).padStart(4, "0");
  return {
    entry_id: `mem_ent_${id}`,
    entry_version_id: `mem_ver_${id}`,
    kind,
    text,
    search_text: toSearchText(`${kind} ${text}`),
    fingerprint: textFingerprint(text),
    source_refs: [],
    artifact_refs: [],
  };
}

/** Remembers the fixture, revises one entry and retires another, identically in any store. */
async function load(store: Store): Promise<void> {
  for (const [index, [kind, text]] of FIXTURE.entries()) {
    const result = await rememberEntry(store, {
      scope_id: SCOPE,
      entry: entry(index, kind, text),
      reason: null,
      expected_revision: null,
      now: NOW,
    });
    assert.equal(result.status, "written");
  }
  const listed = await store.listEntries(SCOPE, false);
  const byText = (prefix: string) => listed.entries.find((e) => e.text.startsWith(prefix));
  const revised = byText("Use make release");
  const retired = byText("Prefer small pull requests");
  assert.ok(revised && retired);
  const next = entry(100, "command", "Use make release to tag, publish and deploy a version.");
  assert.equal(
    (await reviseEntry(store, { scope_id: SCOPE, citation: revised.citation, next, reason: null, now: NOW })).status,
    "written",
  );
  assert.equal(
    (await retireEntry(store, { scope_id: SCOPE, citation: retired.citation, reason: null, now: NOW })).status,
    "written",
  );
}

describe("postgres search against the embedded store", () => {
  let sqlite: Store;
  let postgres: Store;
  before(async () => {
    sqlite = await openSqliteStore(":memory:");
    postgres = await openTestPostgresStore();
    await load(sqlite);
    await load(postgres);
  });
  after(async () => {
    await sqlite.close();
    await postgres.close();
  });

  it("returns the same hits in the same order with the same relevance", async () => {
    let compared = 0;
    for (const query of QUERIES) {
      const terms = await shapeQuery(sqlite, SCOPE, query);
      assert.deepEqual(await shapeQuery(postgres, SCOPE, query), terms, query);
      const expected = await sqlite.searchMemory({ scope_id: SCOPE, terms, limit: 32 });
      const actual = await postgres.searchMemory({ scope_id: SCOPE, terms, limit: 32 });
      assert.deepEqual(actual.memory, expected.memory, query);
      assert.deepEqual(
        actual.hits.map((h) => h.entry),
        expected.hits.map((h) => h.entry),
        query,
      );
      assert.deepEqual(
        actual.hits.map((h) => [h.written_revision, h.search_text]),
        expected.hits.map((h) => [h.written_revision, h.search_text]),
        query,
      );
      for (const [i, hit] of actual.hits.entries()) {
        const want = expected.hits[i]?.relevance ?? Number.NaN;
        assert.ok(
          Math.abs(hit.relevance - want) <= 1e-9 * Math.abs(want),
          `${query}: relevance ${hit.relevance} vs ${want}`,
        );
      }
      compared += actual.hits.length;
      const ranked = (store: typeof actual) =>
        rankHits(store.hits, terms, store.memory?.revision ?? 0).map((r) => r.hit.entry.text);
      assert.deepEqual(ranked(actual), ranked(expected), query);
    }
    assert.ok(compared >= 30, `the fixture exercises ranking (${compared} hits compared)`);
  });

  it("returns the same top hits when a small limit lets it prune entries holding only common terms", async () => {
    for (const query of QUERIES) {
      const terms = await shapeQuery(postgres, SCOPE, query);
      const all = (await postgres.searchMemory({ scope_id: SCOPE, terms, limit: 32 })).hits;
      for (const limit of [1, 2, 3, 5, 8]) {
        const top = (await postgres.searchMemory({ scope_id: SCOPE, terms, limit })).hits;
        assert.deepEqual(
          top.map((h) => [h.entry.citation.entry_id, h.relevance]),
          all.slice(0, limit).map((h) => [h.entry.citation.entry_id, h.relevance]),
          `${query} (limit ${limit})`,
        );
      }
    }
  });

  it("finds CJK entries by CJK terms", async () => {
    const terms = await shapeQuery(postgres, SCOPE, "什么时候做数据库迁移？");
    const result = await postgres.searchMemory({ scope_id: SCOPE, terms, limit: 5 });
    assert.equal(result.hits[0]?.entry.text, "数据库迁移必须在发布之前完成。");
  });

  it("counts term frequencies over active entries as the embedded store does on one scope", async () => {
    const terms = ["billing", "export", "数据", "pnpm", "small", "deploy", "zebra"];
    assert.deepEqual(await postgres.termFrequencies(SCOPE, terms), await sqlite.termFrequencies(SCOPE, terms));
    assert.equal(
      (await postgres.termFrequencies(SCOPE, ["small"])).get("small"),
      0,
      "a retired entry no longer counts",
    );
  });
});
