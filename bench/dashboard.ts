// npm run bench -- dashboard [--entries 10000] [--runs 20] [--engines sqlite,postgres] [--baseline DIR]
// The dashboard's first view in headless Chromium over loopback: a real Server process over a scope holding
// `entries` Memory entries and 100 pending candidates; each view is loaded `runs` times in a fresh browser context
// (no cache, no session: the first view of a visit), timed by the browser's Navigation Timing (load event end).
// --baseline DIR: a checkout of an earlier commit (its node_modules linked to this one's, its word vectors built) whose
// Server runs beside this one over the same data, seeded by the earlier code and upgraded by this one at start; the
// loads alternate between the two Servers, so that both see the same machine load and their ratio holds.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import type { ReviewedCandidate } from "../packages/server/src/domain/journal/commit-flush.ts";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import type { Store } from "../packages/server/src/store/types.ts";
import { launchBrowser } from "../packages/server/src/testing/browser.ts";
import { freshSchemaUrl, openTestPostgresStore } from "../packages/server/src/testing/postgres.ts";
import type { ServerProcess } from "../packages/server/src/testing/server-process.ts";
import { machine, option, progress, summarize, writeResult } from "./lib/measure.ts";

const THIS_CHECKOUT = fileURLToPath(new URL("../", import.meta.url));

/** The parts of a checkout the benchmark runs: its store, its seeding code and its Server. */
interface Checkout {
  openSqliteStore: typeof import("../packages/server/src/store/sqlite/index.ts").openSqliteStore;
  openPostgresStore: typeof import("../packages/server/src/store/postgres/index.ts").openPostgresStore;
  commitFlush: typeof import("../packages/server/src/domain/journal/commit-flush.ts").commitFlush;
  randomIds: typeof import("../packages/server/src/runtime.ts").RANDOM_IDS;
  loadMemories: typeof import("./lib/load-memories.ts").loadMemories;
  startServerProcess: typeof import("../packages/server/src/testing/server-process.ts").startServerProcess;
}

async function checkout(root: string): Promise<Checkout> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  return {
    openSqliteStore: (await load("packages/server/src/store/sqlite/index.ts")).openSqliteStore,
    openPostgresStore: (await load("packages/server/src/store/postgres/index.ts")).openPostgresStore,
    commitFlush: (await load("packages/server/src/domain/journal/commit-flush.ts")).commitFlush,
    randomIds: (await load("packages/server/src/runtime.ts")).RANDOM_IDS,
    loadMemories: (await load("bench/lib/load-memories.ts")).loadMemories,
    startServerProcess: (await load("packages/server/src/testing/server-process.ts")).startServerProcess,
  };
}

const SCOPE = "bench/dashboard";
const VIEWS: Record<string, string> = {
  scopes: "/",
  memory: `/ui/scopes/${encodeURIComponent(SCOPE)}/memory`,
  memory_search: `/ui/scopes/${encodeURIComponent(SCOPE)}/memory?q=${encodeURIComponent("deploy the billing service")}`,
  review: `/ui/scopes/${encodeURIComponent(SCOPE)}/review`,
  recall: `/ui/scopes/${encodeURIComponent(SCOPE)}/recall`,
  timeline: `/ui/scopes/${encodeURIComponent(SCOPE)}/timeline`,
};

async function addPending(code: Checkout, store: Store, count: number): Promise<void> {
  const candidates: ReviewedCandidate[] = Array.from({ length: count }, (_, index) => ({
    candidate_id: code.randomIds.next("mcand_"),
    proposal: { kind: "decision", text: `Pending decision number ${index} about the reporting module.` },
    confidence: 0.5,
    extractor: "bench",
    source_refs: [],
    disposition: { status: "pending" },
  }));
  await code.commitFlush(store, {
    scope_id: SCOPE,
    previous_cursor: 0,
    current_cursor: 0,
    candidates,
    now: new Date().toISOString(),
  });
}

/** One Server's data: a SQLite data directory, or a PostgreSQL schema (`databaseUrl`), seeded by `code`. */
async function seed(code: Checkout, dataDir: string, databaseUrl: string | null, entries: number): Promise<void> {
  const store = databaseUrl
    ? await code.openPostgresStore(databaseUrl)
    : await code.openSqliteStore(join(dataDir, SQLITE_FILE_NAME), { synchronous: "normal" });
  progress(`${databaseUrl ? "postgres" : "sqlite"}: loading ${entries} entries and 100 pending candidates`);
  await code.loadMemories(store, SCOPE, entries);
  await addPending(code, store, 100);
  await store.close();
}

async function loadTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  const loaded = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry ? entry.loadEventEnd - entry.startTime : Number.NaN;
  });
  await context.close();
  return loaded;
}

/** Each view `runs` times per Server (after one untimed load), the Servers taking turns, the first of each pair alternating. */
async function timeViews(
  browser: Browser,
  servers: Record<string, string>,
  runs: number,
): Promise<Record<string, Record<string, unknown>>> {
  const names = Object.keys(servers);
  const results: Record<string, Record<string, unknown>> = Object.fromEntries(names.map((name) => [name, {}]));
  for (const [view, path] of Object.entries(VIEWS)) {
    const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (let run = 0; run <= runs; run += 1) {
      const order = run % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const loaded = await loadTime(browser, `${servers[name]}${path}`);
        if (run > 0) samples[name]?.push(loaded);
      }
    }
    for (const name of names) {
      (results[name] as Record<string, unknown>)[view] = summarize(samples[name] ?? []);
      progress(`${name} ${view}: ${JSON.stringify(results[name]?.[view])}`);
    }
  }
  return results;
}

async function measureEngine(
  engine: string,
  options: { entries: number; runs: number; baseline: string | null },
): Promise<Record<string, unknown>> {
  const code = await checkout(options.baseline ?? THIS_CHECKOUT);
  const labels = options.baseline ? ["baseline", "current"] : ["current"];
  const cleanups: Array<() => unknown> = [];
  try {
    const servers: Record<string, string> = {};
    let seeded: string | null = null;
    for (const label of labels) {
      const dataDir = mkdtempSync(join(tmpdir(), "pc-bench-dashboard-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const databaseUrl = engine === "postgres" ? freshSchemaUrl() : null;
      if (databaseUrl) cleanups.push(async () => (await openTestPostgresStore(databaseUrl)).close());
      // SQLite: the same file for both Servers (copied before either starts); PostgreSQL: seeded once per schema.
      if (seeded && !databaseUrl) cpSync(seeded, dataDir, { recursive: true });
      else await seed(code, dataDir, databaseUrl, options.entries);
      seeded = dataDir;
      const start = label === "baseline" ? code.startServerProcess : (await checkout(THIS_CHECKOUT)).startServerProcess;
      const server: ServerProcess = await start(
        dataDir,
        databaseUrl ? { POWERCONTEXT_SERVER_DATABASE_URL: databaseUrl } : {},
      );
      cleanups.push(async () => {
        server.child.kill("SIGTERM");
        await server.exited;
      });
      servers[label] = server.url;
    }
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    return { engine, entries: options.entries, views: await timeViews(browser, servers, options.runs) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

export async function run(args: string[]): Promise<void> {
  const entries = Number(option(args, "entries", "10000"));
  const runs = Number(option(args, "runs", "20"));
  const engines = option(args, "engines", "sqlite,postgres").split(",");
  const baselineDir = option(args, "baseline", "");
  const baseline = baselineDir === "" ? null : resolve(baselineDir);
  const results: Record<string, unknown>[] = [];
  for (const engine of engines) results.push(await measureEngine(engine, { entries, runs, baseline }));
  const file = writeResult("dashboard", { benchmark: "dashboard", machine: machine(), runs, baseline, results });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}
