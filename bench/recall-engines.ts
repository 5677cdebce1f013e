// npm run bench -- recall-engines [--size 100000] [--runs 300] [--database-url postgres://…/test]
// prepare_context (domain call, no HTTP) on the embedded store and on PostgreSQL, the same entries and queries,
// timed interleaved in one run so the two figures share the machine's conditions.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { openPostgresStore } from "../packages/server/src/store/postgres/index.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { machine, option, progress, summarize, timeInterleaved, writeResult } from "./lib/measure.ts";

const SCOPE = "bench:recall-engines";

export async function run(args: string[]): Promise<void> {
  const size = Number(option(args, "size", "100000"));
  const runs = Number(option(args, "runs", "300"));
  const base = option(args, "database-url", "postgres://postgres@127.0.0.1:5432/test");
  const schema = `pc_bench_recall_${process.pid}`;
  const dir = mkdtempSync(join(tmpdir(), "pc-bench-engines-"));
  const sqlite = await openSqliteStore(join(dir, "bench.sqlite"), { synchronous: "normal" });
  const postgres = await openPostgresStore(`${base}?schema=${schema}`, { dropSchemaOnClose: true });
  try {
    progress(`loading ${size} entries into the embedded store`);
    await loadMemories(sqlite, SCOPE, size);
    progress(`loading ${size} entries into PostgreSQL (schema ${schema})`);
    await loadMemories(postgres, SCOPE, size);
    const queries = Array.from({ length: 64 }, (_, i) => queryText(random(1000 + i)));
    progress(`timing ${runs} prepares per engine, interleaved`);
    const samples = await timeInterleaved(
      {
        sqlite: (i: number) =>
          prepareContext({ store: sqlite }, { scope_id: SCOPE, query: queries[i % queries.length] as string }),
        postgres: (i: number) =>
          prepareContext({ store: postgres }, { scope_id: SCOPE, query: queries[i % queries.length] as string }),
      },
      { runs },
    );
    const result = { memories: size, sqlite: summarize(samples.sqlite), postgres: summarize(samples.postgres) };
    const ratio = Math.round((result.postgres.p95_ms / result.sqlite.p95_ms) * 100) / 100;
    progress(JSON.stringify({ ...result, postgres_p95_over_sqlite_p95: ratio }));
    const file = writeResult("recall-engines", {
      benchmark: "recall-engines",
      machine: machine(),
      runs,
      ...result,
      ratio,
    });
    console.log(JSON.stringify({ ...result, postgres_p95_over_sqlite_p95: ratio }, null, 2));
    progress(`results written to ${file}`);
  } finally {
    await sqlite.close();
    await postgres.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
