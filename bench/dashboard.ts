// npm run bench -- dashboard [--entries 10000] [--runs 20] [--engines sqlite,postgres]
// The dashboard's first view in headless Chromium over loopback: a real Server process over a scope holding
// `entries` Memory entries and 100 pending candidates; each view is loaded `runs` times in a fresh browser context
// (no cache, no session: the first view of a visit), timed by the browser's Navigation Timing (load event end).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { commitFlush, type ReviewedCandidate } from "../packages/server/src/domain/journal/commit-flush.ts";
import { RANDOM_IDS } from "../packages/server/src/runtime.ts";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { openPostgresStore } from "../packages/server/src/store/postgres/index.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import type { Store } from "../packages/server/src/store/types.ts";
import { launchBrowser } from "../packages/server/src/testing/browser.ts";
import { freshSchemaUrl, openTestPostgresStore } from "../packages/server/src/testing/postgres.ts";
import { startServerProcess } from "../packages/server/src/testing/server-process.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { machine, option, progress, summarize, writeResult } from "./lib/measure.ts";

const SCOPE = "bench/dashboard";
const VIEWS: Record<string, string> = {
  scopes: "/",
  memory: `/ui/scopes/${encodeURIComponent(SCOPE)}/memory`,
  memory_search: `/ui/scopes/${encodeURIComponent(SCOPE)}/memory?q=${encodeURIComponent("deploy the billing service")}`,
  review: `/ui/scopes/${encodeURIComponent(SCOPE)}/review`,
  recall: `/ui/scopes/${encodeURIComponent(SCOPE)}/recall`,
  timeline: `/ui/scopes/${encodeURIComponent(SCOPE)}/timeline`,
};

async function addPending(store: Store, count: number): Promise<void> {
  const candidates: ReviewedCandidate[] = Array.from({ length: count }, (_, index) => ({
    candidate_id: RANDOM_IDS.next("mcand_"),
    proposal: { kind: "decision", text: `Pending decision number ${index} about the reporting module.` },
    confidence: 0.5,
    extractor: "bench",
    source_refs: [],
    disposition: { status: "pending" },
  }));
  await commitFlush(store, {
    scope_id: SCOPE,
    previous_cursor: 0,
    current_cursor: 0,
    candidates,
    now: new Date().toISOString(),
  });
}

async function timeViews(browser: Browser, url: string, runs: number): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const [view, path] of Object.entries(VIEWS)) {
    const samples: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${url}${path}`, { waitUntil: "load" });
      const loaded = await page.evaluate(() => {
        const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        return entry ? entry.loadEventEnd - entry.startTime : Number.NaN;
      });
      if (run > 0) samples.push(loaded);
      await context.close();
    }
    results[view] = summarize(samples);
    progress(`${view}: ${JSON.stringify(results[view])}`);
  }
  return results;
}

async function measureEngine(engine: string, entries: number, runs: number): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-bench-dashboard-"));
  const databaseUrl = engine === "postgres" ? freshSchemaUrl() : null;
  try {
    const store = databaseUrl
      ? await openPostgresStore(databaseUrl)
      : await openSqliteStore(join(dataDir, SQLITE_FILE_NAME), { synchronous: "normal" });
    progress(`${engine}: loading ${entries} entries and 100 pending candidates`);
    await loadMemories(store, SCOPE, entries);
    await addPending(store, 100);
    await store.close();
    const server = await startServerProcess(
      dataDir,
      databaseUrl ? { POWERCONTEXT_SERVER_DATABASE_URL: databaseUrl } : {},
    );
    const browser = await launchBrowser();
    try {
      return { engine, entries, views: await timeViews(browser, server.url, runs) };
    } finally {
      await browser.close();
      server.child.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    if (databaseUrl) await (await openTestPostgresStore(databaseUrl)).close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(args: string[]): Promise<void> {
  const entries = Number(option(args, "entries", "10000"));
  const runs = Number(option(args, "runs", "20"));
  const engines = option(args, "engines", "sqlite,postgres").split(",");
  const results: Record<string, unknown>[] = [];
  for (const engine of engines) results.push(await measureEngine(engine, entries, runs));
  const file = writeResult("dashboard", { benchmark: "dashboard", machine: machine(), runs, results });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}
