// The dashboard's first view with 10,000 entries in the scope, in headless Chromium over loopback against a real
// Server process on each store: a fresh browser context per load (no cache), timed by Navigation Timing (load event
// end). The figures are printed for docs/dashboard.md; `npm run bench -- dashboard` measures the same under the lock.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import { commitFlush, type ReviewedCandidate } from "../src/domain/journal/commit-flush.ts";
import { buildEntryVersion } from "../src/domain/memory/new-entry.ts";
import { RANDOM_IDS } from "../src/runtime.ts";
import { SQLITE_FILE_NAME } from "../src/store/open-store.ts";
import { openPostgresStore } from "../src/store/postgres/index.ts";
import { openSqliteStore } from "../src/store/sqlite/index.ts";
import type { Store } from "../src/store/types.ts";
import { launchBrowser } from "../src/testing/browser.ts";
import { ENGINES, type Engine } from "../src/testing/dashboard-server.ts";
import { freshSchemaUrl, openTestPostgresStore, requirePostgres } from "../src/testing/postgres.ts";
import { startServerProcess } from "../src/testing/server-process.ts";

const SCOPE = "first-view";
const ENTRIES = 10_000;
const LOADS = 7;
/** The goal; the figures are printed. The assertion is a looser ceiling: this machine is shared and noisy. */
const GOAL_MS = 300;
const CEILING_MS = 1000;
const WORDS = [
  "deploy",
  "billing",
  "ledger",
  "cache",
  "schema",
  "queue",
  "retry",
  "token",
  "report",
  "search",
  "index",
];

/** 10,000 approved entries in batches of 1,000, each batch one commit (as a flush writes them). */
async function loadEntries(store: Store): Promise<void> {
  for (let start = 0; start < ENTRIES; start += 1000) {
    const candidates: ReviewedCandidate[] = [];
    for (let index = start; index < start + 1000; index += 1) {
      const words = [0, 3, 7].map((step) => WORDS[(index * (step + 1) + step) % WORDS.length]).join(" ");
      const entry = buildEntryVersion(RANDOM_IDS, {
        kind: index % 3 === 0 ? "decision" : "fact",
        text: `Entry ${index}: ${words}.`,
      });
      candidates.push({
        candidate_id: RANDOM_IDS.next("mcand_"),
        proposal: { kind: entry.kind, text: entry.text },
        confidence: 1,
        extractor: "test",
        source_refs: [],
        disposition: { status: "approved", reviewer: "policy:auto", entry, near_duplicate_of: null },
      });
    }
    await commitFlush(store, {
      scope_id: SCOPE,
      previous_cursor: 0,
      current_cursor: 0,
      candidates,
      now: new Date().toISOString(),
    });
  }
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

async function seededServer(t: TestContext, engine: Engine): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-first-view-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {};
  let store: Store;
  if (engine === "postgres") {
    const url = freshSchemaUrl();
    env.POWERCONTEXT_SERVER_DATABASE_URL = url;
    await requirePostgres();
    t.after(async () => (await openTestPostgresStore(url)).close());
    store = await openPostgresStore(url);
    await loadEntries(store);
    await store.close();
  } else {
    store = await openSqliteStore(join(dataDir, SQLITE_FILE_NAME), { synchronous: "normal" });
    await loadEntries(store);
    await store.close();
  }
  const server = await startServerProcess(dataDir, env);
  t.after(() => server.child.kill("SIGKILL"));
  return server.url;
}

for (const engine of ENGINES) {
  test(`the first view loads well within a second (goal ${GOAL_MS} ms) with ${ENTRIES} entries in the scope (${engine})`, async (t) => {
    const url = await seededServer(t, engine);
    const browser = await launchBrowser();
    t.after(() => browser.close());
    const medians: Record<string, number> = {};
    for (const [view, path] of [
      ["scopes", "/"],
      ["memory", `/ui/scopes/${SCOPE}/memory`],
    ] as const) {
      const samples: number[] = [];
      const served: number[] = [];
      for (let load = 0; load <= LOADS; load += 1) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${url}${path}`, { waitUntil: "load" });
        const loaded = await page.evaluate(() => {
          const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          return entry ? [entry.loadEventEnd - entry.startTime, entry.responseEnd - entry.requestStart] : [];
        });
        if (load > 0) {
          samples.push(loaded[0] ?? Number.NaN);
          served.push(loaded[1] ?? Number.NaN);
        }
        await context.close();
      }
      medians[view] = median(samples);
      console.log(
        `dashboard first view (${engine}, ${ENTRIES} entries) ${view}: median ${medians[view]?.toFixed(0)} ms (page served in a median ${median(served).toFixed(0)} ms), all ${samples.map((s) => s.toFixed(0)).join(" ")}`,
      );
    }
    for (const [view, value] of Object.entries(medians)) assert.ok(value <= CEILING_MS, `${view}: ${value} ms`);
  });
}
