// npm run bench -- recall-versus --baseline DIR [--sizes 10000,100000] [--runs 300] [--stores DIR] [--allow-changes]
// prepare_context server-side, this checkout's code beside an older checkout's (DIR, e.g. a `git worktree add
// --detach` of main, with its own `npm install`), in one process on the same data (the baseline on its own copy of the
// store file, loaded by its code), timed in alternation with the bare FTS5 floor, shipped (semantic layer on) and
// lexical only. Each version opens its own connection. Before timing, every bench prompt (short and long) is prepared by both versions and compared byte for byte:
// the run stops if any preparation differs, unless --allow-changes (a ranking changed on purpose), which counts them.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import type { createDomainDeps } from "../packages/server/src/runtime.ts";
import type { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { machine, option, progress, summarize, timeInterleaved, writeResult } from "./lib/measure.ts";
import { longPrompt, openFloor, SCOPE } from "./recall.ts";

type Prepare = typeof prepareContext;
type Deps = Parameters<Prepare>[0];

interface Version {
  prepare: Prepare;
  shipped: Deps;
  lexical: Deps;
  close(): Promise<void>;
}

/** One checkout's code (this one's or the baseline's) on the store file at `path`. */
async function openVersion(root: string, path: string): Promise<Version> {
  const load = async <T>(file: string): Promise<T> => (await import(join(root, "packages/server/src", file))) as T;
  const { prepareContext: prepare } = await load<{ prepareContext: Prepare }>("domain/context/prepare-context.ts");
  const { createDomainDeps: create } = await load<{ createDomainDeps: typeof createDomainDeps }>("runtime.ts");
  const { openSqliteStore: open } = await load<{ openSqliteStore: typeof openSqliteStore }>("store/sqlite/index.ts");
  const store = await open(path, { synchronous: "normal" });
  const shipped = create(store, { extractor: "rules", reviewPolicy: { mode: "manual" } });
  await shipped.semantic?.refresh(SCOPE);
  return { prepare, shipped, lexical: { store, semantic: null }, close: () => store.close() };
}

export async function run(args: string[]): Promise<void> {
  const baseline = resolve(option(args, "baseline", ""));
  const sizes = option(args, "sizes", "10000,100000").split(",").map(Number);
  const runs = Number(option(args, "runs", "300"));
  const stores = resolve(option(args, "stores", "bench/results/recall-versus-stores"));
  const allowChanges = args.includes("--allow-changes");
  mkdirSync(stores, { recursive: true });
  const results: Record<string, unknown>[] = [];
  for (const size of sizes)
    results.push(await measureSize(baseline, join(stores, `${size}.sqlite`), size, runs, allowChanges));
  const file = writeResult("recall-versus", {
    benchmark: "recall-versus",
    baseline,
    machine: machine(),
    runs,
    results,
  });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}

async function measureSize(baseline: string, path: string, size: number, runs: number, allowChanges: boolean) {
  // The baseline reads its own copy of the file, written by its own code before this checkout opens the original, so
  // that a migration this checkout adds does not leave the baseline a schema newer than it knows.
  const baselinePath = `${path}.baseline`;
  if (!existsSync(path)) {
    progress(`size ${size}: loading into ${path}`);
    const { openSqliteStore: open } = (await import(join(baseline, "packages/server/src/store/sqlite/index.ts"))) as {
      openSqliteStore: typeof openSqliteStore;
    };
    const store = await open(path, { synchronous: "normal" });
    await loadMemories(store, SCOPE, size);
    await store.close();
    copyFileSync(path, baselinePath);
  }
  const current = await openVersion(resolve(import.meta.dirname, ".."), path);
  const old = await openVersion(baseline, existsSync(baselinePath) ? baselinePath : path);
  const queries = Array.from({ length: 64 }, (_, i) => queryText(random(1000 + i)));
  const prompts = [...queries, ...queries.map((q, i) => longPrompt(q, i))];
  const { identical, differing } = await compareOutputs(current, old, prompts, allowChanges);
  progress(`size ${size}: ${identical} preparations identical in both versions, ${differing} differ`);
  const floor = openFloor(path);
  const matches = await Promise.all(queries.map((query) => floor.matchOf(current.lexical.store, query)));
  const pick = (i: number) => ({ scope_id: SCOPE, query: queries[i % queries.length] as string });
  progress(`size ${size}: timing ${runs} runs of each, interleaved`);
  const samples = await timeInterleaved(
    {
      floor: (i) => floor.statement.all(matches[i % matches.length] as string),
      shipped: (i) => current.prepare(current.shipped, pick(i)),
      shipped_baseline: (i) => old.prepare(old.shipped, pick(i)),
      lexical: (i) => current.prepare(current.lexical, pick(i)),
      lexical_baseline: (i) => old.prepare(old.lexical, pick(i)),
    },
    { runs },
  );
  floor.close();
  await current.close();
  await old.close();
  const summary = Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, summarize(s as number[])]));
  const ratio = (a: string, b: string, key: "median_ms" | "p95_ms") =>
    Math.round(((summary[a]?.[key] ?? 0) / (summary[b]?.[key] ?? 1)) * 100) / 100;
  const result = {
    memories: size,
    identical_preparations: identical,
    differing_preparations: differing,
    ...summary,
    ratio: {
      shipped_over_baseline_median: ratio("shipped", "shipped_baseline", "median_ms"),
      shipped_over_baseline_p95: ratio("shipped", "shipped_baseline", "p95_ms"),
      lexical_over_baseline_median: ratio("lexical", "lexical_baseline", "median_ms"),
      lexical_over_baseline_p95: ratio("lexical", "lexical_baseline", "p95_ms"),
      shipped_over_floor_p95: ratio("shipped", "floor", "p95_ms"),
      shipped_baseline_over_floor_p95: ratio("shipped_baseline", "floor", "p95_ms"),
    },
  };
  progress(`size ${size}: ${JSON.stringify(result)}`);
  return result;
}

/** Prepares every prompt with both versions, shipped and lexical; throws at the first difference unless `allowChanges`. */
async function compareOutputs(
  current: Version,
  old: Version,
  prompts: readonly string[],
  allowChanges: boolean,
): Promise<{ identical: number; differing: number }> {
  let identical = 0;
  let differing = 0;
  for (const query of prompts) {
    for (const mode of ["shipped", "lexical"] as const) {
      for (const max_bytes of [undefined, 2000]) {
        const request = { scope_id: SCOPE, query, ...(max_bytes && { max_bytes }) };
        const mine = await current.prepare(current[mode], request);
        const theirs = await old.prepare(old[mode], request);
        if (isDeepStrictEqual(mine, theirs) && JSON.stringify(mine) === JSON.stringify(theirs)) identical += 1;
        else if (allowChanges) differing += 1;
        else
          throw new Error(`${mode} preparation differs from the baseline's for ${JSON.stringify(query.slice(0, 80))}`);
      }
    }
  }
  return { identical, differing };
}
