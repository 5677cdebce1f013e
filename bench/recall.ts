// npm run bench -- recall [--sizes 1000,10000,100000] [--runs 200]
// prepare_context latency server-side (domain call) and over loopback HTTP, beside the raw FTS5 query on the same
// rows (the floor), at several Memory sizes in one scope.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { buildEntryVersion } from "../packages/server/src/domain/memory/new-entry.ts";
import { RecallRecorder } from "../packages/server/src/domain/stats/recall-recorder.ts";
import { buildApp } from "../packages/server/src/http/app.ts";
import { createDomainDeps, RANDOM_IDS } from "../packages/server/src/runtime.ts";
import { shapeQuery } from "../packages/server/src/search/query.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import type { NewCandidate, Store } from "../packages/server/src/store/types.ts";
import { memoryText, queryText, random } from "./lib/dataset.ts";
import { machine, option, progress, summarize, time, writeResult } from "./lib/measure.ts";

const SCOPE = "bench:recall";
const LOAD_BATCH = 1000;

async function load(store: Store, size: number): Promise<void> {
  const next = random(size);
  for (let start = 0; start < size; start += LOAD_BATCH) {
    const candidates: NewCandidate[] = [];
    for (let i = start; i < Math.min(size, start + LOAD_BATCH); i += 1) {
      const entry = buildEntryVersion(RANDOM_IDS, { kind: i % 3 === 0 ? "decision" : "fact", text: memoryText(next, i) });
      candidates.push({
        candidate_id: RANDOM_IDS.next("mcand_"),
        proposal: { kind: entry.kind, text: entry.text },
        confidence: 1,
        extractor: "bench",
        source_refs: [],
        disposition: { status: "approved", reviewer: "policy:auto", entry, near_duplicate_of: null },
      });
    }
    await store.commitFlush({ scope_id: SCOPE, previous_cursor: 0, current_cursor: 0, candidates, now: new Date().toISOString() });
    if ((start / LOAD_BATCH) % 10 === 0) progress(`loaded ${start + candidates.length}/${size}`);
  }
}

export async function run(args: string[]): Promise<void> {
  const sizes = option(args, "sizes", "1000,10000,100000").split(",").map(Number);
  const runs = Number(option(args, "runs", "200"));
  const results: Record<string, unknown>[] = [];
  for (const size of sizes) {
    const dir = mkdtempSync(join(tmpdir(), "pc-bench-recall-"));
    const path = join(dir, "bench.sqlite");
    const store = await openSqliteStore(path, { synchronous: "normal" });
    try {
      progress(`size ${size}: loading`);
      await load(store, size);
      const queries = Array.from({ length: 64 }, (_, i) => queryText(random(1000 + i)));
      const domain = createDomainDeps(store, { extractor: "rules", reviewPolicy: { mode: "manual" } });

      progress(`size ${size}: floor (raw FTS5 query on the same rows)`);
      const raw = new DatabaseSync(path, { readOnly: true });
      const scopeKey = (raw.prepare("SELECT scope_key FROM scope_state WHERE scope_id = ?").get(SCOPE) as { scope_key: number }).scope_key;
      const statement = raw.prepare("SELECT rowid, bm25(entry_fts, 0.0, 1.0) AS rank FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rank LIMIT 64");
      const matches = await Promise.all(
        queries.map(async (query) => `scope_key:k${scopeKey} AND body:(${(await shapeQuery(store, SCOPE, query)).map((t) => `"${t}"`).join(" OR ")})`),
      );
      const floor = await time((i) => statement.all(matches[i % matches.length] as string), { runs });
      raw.close();

      progress(`size ${size}: prepare_context in process`);
      const server = await time((i) => prepareContext(domain, { scope_id: SCOPE, query: queries[i % queries.length] as string }), { runs });

      progress(`size ${size}: prepare_context over loopback HTTP`);
      const app = await buildApp({ domain, recall: new RecallRecorder(domain), lifecycle: { accepting: true }, token: null, version: "bench" });
      const url = await app.listen({ host: "127.0.0.1", port: 0 });
      const http = await time(
        async (i) => {
          const response = await fetch(`${url}/v1/context/prepare`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ scope_id: SCOPE, query: queries[i % queries.length] }),
          });
          await response.arrayBuffer();
        },
        { runs },
      );
      await app.close();
      const row = {
        memories: size,
        floor: summarize(floor),
        server_side: summarize(server),
        loopback_http: summarize(http),
      };
      const ratio = {
        server_p95_over_floor_p95: Math.round((row.server_side.p95_ms / row.floor.p95_ms) * 100) / 100,
        server_median_over_floor_median: Math.round((row.server_side.median_ms / row.floor.median_ms) * 100) / 100,
      };
      results.push({ ...row, ratio });
      progress(`size ${size}: ${JSON.stringify({ ...row, ratio })}`);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const file = writeResult("recall", { benchmark: "recall", machine: machine(), runs, results });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}
