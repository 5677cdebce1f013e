// npm run bench -- prepare-profile --store FILE [--size 10000] [--iterations 2000] [--dump out.json] [--lexical]
// prepare_context at one size, for profiling and for checking that a change keeps every result: builds the recall
// bench's store into FILE once (reused afterwards), then either dumps every bench query's preparation (short and long
// prompts, shipped and lexical, default and 2,000-byte budgets) as JSON, to compare two versions of the code byte for
// byte, or loops the queries (`node --cpu-prof bench/run.ts prepare-profile …` to profile).
import { existsSync, writeFileSync } from "node:fs";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { createDomainDeps } from "../packages/server/src/runtime.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import type { Store } from "../packages/server/src/store/types.ts";
import { queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { option, progress, summarize } from "./lib/measure.ts";
import { longPrompt, SCOPE } from "./recall.ts";

type Deps = Parameters<typeof prepareContext>[0];

export async function run(args: string[]): Promise<void> {
  const path = option(args, "store", "");
  const size = Number(option(args, "size", "10000"));
  const fresh = !existsSync(path);
  const store = await openSqliteStore(path, { synchronous: "normal" });
  if (fresh) await loadMemories(store, SCOPE, size);
  const queries = Array.from({ length: 64 }, (_, i) => queryText(random(1000 + i)));
  const domain = createDomainDeps(store, { extractor: "rules", reviewPolicy: { mode: "manual" } });
  await domain.semantic?.refresh(SCOPE);
  const dump = option(args, "dump", "");
  if (dump) {
    const prompts = [...queries, ...queries.map((query, i) => longPrompt(query, i))];
    writeFileSync(dump, JSON.stringify(await preparations(store, domain, prompts), null, 1));
    progress(`dumped ${prompts.length * 4} preparations to ${dump}`);
  } else {
    const deps = args.includes("--lexical") ? { store, semantic: null } : domain;
    const samples: number[] = [];
    for (let i = 0; i < Number(option(args, "iterations", "2000")); i += 1) {
      const start = process.hrtime.bigint();
      await prepareContext(deps, { scope_id: SCOPE, query: queries[i % queries.length] as string });
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    progress(`prepare at ${size} (${deps === domain ? "shipped" : "lexical"}): ${JSON.stringify(summarize(samples))}`);
  }
  await store.close();
}

/** Every prompt prepared shipped and lexical only, at the default budget and at 2,000 bytes. */
async function preparations(store: Store, domain: Deps, prompts: readonly string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const query of prompts) {
    for (const [mode, deps] of [
      ["shipped", domain],
      ["lexical", { store, semantic: null }],
    ] as const) {
      for (const max_bytes of [undefined, 2000]) {
        const prepared = await prepareContext(deps, { scope_id: SCOPE, query, ...(max_bytes && { max_bytes }) });
        out.push({ mode, query, max_bytes, prepared });
      }
    }
  }
  return out;
}
