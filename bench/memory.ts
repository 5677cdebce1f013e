// npm run bench -- memory [--size 100000] [--prepares 200] [--node-options "--max-semi-space-size=1"]
// Resident memory of a real Server process (`powercontext server run`) serving a scope of `size` Memory entries:
// the entries are written through the SQLite store in this process, then a Server child opens the same data dir,
// backfills their semantic signatures (the prepares start once recall uses them) and answers `prepares`
// prepare_context requests; VmRSS / VmHWM are read from /proc/<pid>/status.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { startServerProcess } from "../packages/server/src/testing/server-process.ts";
import { queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { machine, option, progress, summarize, writeResult } from "./lib/measure.ts";

const SCOPE = "bench:memory";
/** The goal with the semantic layer on (issue "Recall that finds what the prompt means"). */
const GOAL_MB = 200;
/** How long the Server may take to backfill and load the scope's semantic index before prepares are timed. */
const SEMANTIC_READY_MS = 180_000;

/** Waits until recall in the scope uses the semantic layer (search answers `hybrid`); false when it never does. */
async function semanticReady(url: string): Promise<boolean> {
  const deadline = Date.now() + SEMANTIC_READY_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/v1/memory/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope_id: SCOPE, query: "which database does billing use" }),
    });
    const body = (await response.json()) as { mode?: string };
    if (body.mode === "hybrid") return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** VmRSS and VmHWM (peak) of `pid`, in MB. */
function residentMegabytes(pid: number): { rss_mb: number; peak_rss_mb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : Number.NaN;
  };
  return { rss_mb: field("VmRSS"), peak_rss_mb: field("VmHWM") };
}

async function prepare(url: string, query: string): Promise<number> {
  const start = process.hrtime.bigint();
  const response = await fetch(`${url}/v1/context/prepare`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ scope_id: SCOPE, query }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`prepare answered ${response.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function run(args: string[]): Promise<void> {
  const size = Number(option(args, "size", "100000"));
  const prepares = Number(option(args, "prepares", "200"));
  const nodeOptions = option(args, "node-options", "");
  const dataDir = mkdtempSync(join(tmpdir(), "pc-bench-memory-"));
  try {
    progress(`loading ${size} memories into ${dataDir}`);
    const store = await openSqliteStore(join(dataDir, SQLITE_FILE_NAME), { synchronous: "normal" });
    await loadMemories(store, SCOPE, size);
    await store.close();

    const env: Record<string, string> = nodeOptions ? { NODE_OPTIONS: nodeOptions } : {};
    // First start: the Server backfills every entry's signature (as after an upgrade). Second start: it loads them.
    progress("starting a Server process on the data dir (first start: backfill)");
    const first = await measureServer(dataDir, env, prepares);
    progress("starting it again (the signatures are stored now)");
    const restarted = await measureServer(dataDir, env, prepares);
    const result = {
      memories: size,
      prepares,
      node_options: nodeOptions || null,
      first_start: first,
      restarted,
      goal_mb: GOAL_MB,
      goal_met: restarted.peak_rss_mb <= GOAL_MB,
    };
    const file = writeResult("memory", { benchmark: "memory", machine: machine(), result });
    console.log(JSON.stringify(result, null, 2));
    progress(`results written to ${file}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureServer(dataDir: string, env: Record<string, string>, prepares: number) {
  const server = await startServerProcess(dataDir, env);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error("server process has no pid");
  try {
    const idle = residentMegabytes(pid);
    progress(`idle: ${JSON.stringify(idle)}; waiting for the semantic index`);
    const started = Date.now();
    const semantic = await semanticReady(server.url);
    const semanticMs = Date.now() - started;
    progress(`semantic index ${semantic ? "ready" : "NOT ready"} after ${semanticMs} ms`);
    const latencies: number[] = [];
    for (let i = 0; i < prepares; i += 1) {
      latencies.push(await prepare(server.url, queryText(random(5000 + i))));
      if ((i + 1) % 100 === 0) progress(`${i + 1}/${prepares} prepares: ${JSON.stringify(residentMegabytes(pid))}`);
    }
    const after = residentMegabytes(pid);
    return {
      idle_rss_mb: idle.rss_mb,
      semantic_ready: semantic,
      semantic_ready_after_ms: semanticMs,
      rss_after_prepares_mb: after.rss_mb,
      peak_rss_mb: after.peak_rss_mb,
      prepare_over_http: summarize(latencies),
    };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}
