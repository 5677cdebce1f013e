// npm run bench -- recall [--sizes 1000,10000,100000] [--runs 200]
// prepare_context latency server-side (domain call, with the built-in semantic layer as shipped and lexical only) and
// over loopback HTTP, beside the raw FTS5 query on the same rows (the floor), at several Memory sizes in one scope;
// also for long prompts (a question after a pasted log). The first semantic recall of a scope builds its index
// (computing and storing every entry's signature): that happens in the untimed warm-up, and its time is reported.
// The workloads are timed in alternation so that noise from other processes hits them alike.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { RecallRecorder } from "../packages/server/src/domain/stats/recall-recorder.ts";
import { buildApp } from "../packages/server/src/http/app.ts";
import { createDomainDeps } from "../packages/server/src/runtime.ts";
import { shapeQuery } from "../packages/server/src/search/query.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import type { Store } from "../packages/server/src/store/types.ts";
import { memoryText, queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { machine, option, progress, summarize, timeInterleaved, writeResult } from "./lib/measure.ts";

export const SCOPE = "bench:recall";

/** The question after a pasted log of 40 lines (about 4 KB), as coding prompts often arrive. */
export function longPrompt(question: string, seed: number): string {
  const next = random(90_000 + seed);
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `2026-03-02T10:${String(i).padStart(2, "0")}:12Z WARN worker request_id=${Math.floor(next() * 0xffffff).toString(16)} ${memoryText(next, i)}`,
  );
  return `Seeing this in the logs:\n${lines.join("\n")}\n\n${question}`;
}

export async function run(args: string[]): Promise<void> {
  const sizes = option(args, "sizes", "1000,10000,100000").split(",").map(Number);
  const runs = Number(option(args, "runs", "200"));
  const results: Record<string, unknown>[] = [];
  for (const size of sizes) results.push(await measureSize(size, runs));
  const file = writeResult("recall", { benchmark: "recall", machine: machine(), runs, results });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}

/** One Memory size in a fresh store: the workloads timed in alternation, summarized, with their ratios. */
async function measureSize(size: number, runs: number): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), "pc-bench-recall-"));
  const path = join(dir, "bench.sqlite");
  const store = await openSqliteStore(path, { synchronous: "normal" });
  try {
    progress(`size ${size}: loading`);
    await loadMemories(store, SCOPE, size);
    const queries = Array.from({ length: 64 }, (_, i) => queryText(random(1000 + i)));
    const longQueries = queries.map((query, i) => longPrompt(query, i));
    const domain = createDomainDeps(store, { extractor: "rules", reviewPolicy: { mode: "manual" } });
    const floor = openFloor(path);
    const matches = await Promise.all(queries.map((query) => floor.matchOf(store, query)));
    const longMatches = await Promise.all(longQueries.map((query) => floor.matchOf(store, query)));
    const indexing = process.hrtime.bigint();
    await domain.semantic?.refresh(SCOPE);
    const indexMs = Number(process.hrtime.bigint() - indexing) / 1e6;
    progress(`size ${size}: semantic index built in ${Math.round(indexMs)} ms`);
    const lexical = { store, semantic: null };
    const app = await buildApp({
      domain,
      recall: new RecallRecorder(domain),
      lifecycle: { accepting: true },
      token: null,
      version: "bench",
    });
    const url = await app.listen({ host: "127.0.0.1", port: 0 });
    const pick = (list: readonly string[], i: number) => list[i % list.length] as string;
    progress(`size ${size}: floor, prepare_context in process and over loopback HTTP, interleaved (${runs} runs each)`);
    const samples = await timeInterleaved(
      {
        floor: (i) => floor.statement.all(pick(matches, i)),
        server: (i) => prepareContext(domain, { scope_id: SCOPE, query: pick(queries, i) }),
        server_lexical: (i) => prepareContext(lexical, { scope_id: SCOPE, query: pick(queries, i) }),
        http: async (i) => {
          const response = await fetch(`${url}/v1/context/prepare`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ scope_id: SCOPE, query: pick(queries, i) }),
          });
          await response.arrayBuffer();
        },
        floor_long: (i) => floor.statement.all(pick(longMatches, i)),
        server_long: (i) => prepareContext(domain, { scope_id: SCOPE, query: pick(longQueries, i) }),
      },
      { runs },
    );
    await app.close();
    floor.close();
    const row = summarizeSize(size, samples, indexMs, longQueries);
    const result = { ...row, ratio: ratiosOf(row) };
    progress(`size ${size}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The floor: the raw FTS5 query the store runs, on a read-only connection to the same file, with the MATCH expression
 * the store would build for a prompt.
 */
export function openFloor(path: string): {
  statement: StatementSync;
  matchOf(store: Store, query: string): Promise<string>;
  close(): void;
} {
  const raw = new DatabaseSync(path, { readOnly: true });
  const scopeKey = (
    raw.prepare("SELECT scope_key FROM scope_state WHERE scope_id = ?").get(SCOPE) as { scope_key: number }
  ).scope_key;
  const statement = raw.prepare(
    "SELECT rowid, bm25(entry_fts, 0.0, 1.0) AS rank FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rank LIMIT 64",
  );
  return {
    statement,
    matchOf: async (store, query) =>
      `scope_key:k${scopeKey} AND body:(${(await shapeQuery(store, SCOPE, query)).map((t) => `"${t}"`).join(" OR ")})`,
    close: () => raw.close(),
  };
}

type Samples = Record<"floor" | "server" | "server_lexical" | "http" | "floor_long" | "server_long", number[]>;

function summarizeSize(size: number, samples: Samples, indexMs: number, longQueries: readonly string[]) {
  return {
    memories: size,
    floor: summarize(samples.floor),
    semantic_index_build_ms: Math.round(indexMs),
    server_side: summarize(samples.server),
    server_side_lexical: summarize(samples.server_lexical),
    loopback_http: summarize(samples.http),
    long_prompt: {
      chars: Math.round(longQueries.reduce((n, q) => n + q.length, 0) / longQueries.length),
      floor: summarize(samples.floor_long),
      server_side: summarize(samples.server_long),
    },
  };
}

function ratiosOf(row: ReturnType<typeof summarizeSize>): Record<string, number> {
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    server_p95_over_floor_p95: ratio(row.server_side.p95_ms, row.floor.p95_ms),
    server_median_over_floor_median: ratio(row.server_side.median_ms, row.floor.median_ms),
    lexical_p95_over_floor_p95: ratio(row.server_side_lexical.p95_ms, row.floor.p95_ms),
    long_server_p95_over_floor_p95: ratio(row.long_prompt.server_side.p95_ms, row.long_prompt.floor.p95_ms),
  };
}
