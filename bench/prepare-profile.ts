// node bench/prepare-profile.ts --store FILE [--size 10000] [--iterations 2000] [--dump out.json] [--lexical]
// Scratch tool for prepare_context at one size: builds the recall bench's store into FILE once (reused afterwards),
// then either dumps every bench query's prepared output (to compare two versions of the code byte for byte), times
// the queries, or just loops them (run under `node --cpu-prof` to profile). Imports are relative, so a copy in an
// older worktree runs that worktree's code on the same store file.
import { existsSync, writeFileSync } from "node:fs";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { createDomainDeps } from "../packages/server/src/runtime.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { memoryText, queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { option, progress, summarize } from "./lib/measure.ts";

const SCOPE = "bench:recall";

/** The recall bench's long prompt: its question after a pasted 40-line log. */
function longPrompt(question: string, seed: number): string {
  const next = random(90_000 + seed);
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `2026-03-02T10:${String(i).padStart(2, "0")}:12Z WARN worker request_id=${Math.floor(next() * 0xffffff).toString(16)} ${memoryText(next, i)}`,
  );
  return `Seeing this in the logs:\n${lines.join("\n")}\n\n${question}`;
}

async function main(args: string[]): Promise<void> {
  const path = option(args, "store", "");
  const size = Number(option(args, "size", "10000"));
  const iterations = Number(option(args, "iterations", "2000"));
  const dump = option(args, "dump", "");
  const fresh = !existsSync(path);
  const store = await openSqliteStore(path, { synchronous: "normal" });
  if (fresh) await loadMemories(store, SCOPE, size);
  const queries = Array.from({ length: 64 }, (_, i) => queryText(random(1000 + i)));
  const all = [...queries, ...queries.map((q, i) => longPrompt(q, i))];
  const domain = createDomainDeps(store, { extractor: "rules", reviewPolicy: { mode: "manual" } });
  const lexical = { store, semantic: null };
  await domain.semantic?.refresh(SCOPE);
  if (dump) {
    const out = [];
    for (const query of all) {
      for (const [mode, deps] of [
        ["semantic", domain],
        ["lexical", lexical],
      ] as const) {
        for (const max_bytes of [undefined, 2000]) {
          const prepared = await prepareContext(deps, { scope_id: SCOPE, query, ...(max_bytes && { max_bytes }) });
          out.push({ mode, query, max_bytes, prepared });
        }
      }
    }
    writeFileSync(dump, JSON.stringify(out, null, 1));
    progress(`dumped ${out.length} preparations to ${dump}`);
  } else {
    const deps = args.includes("--lexical") ? lexical : domain;
    const samples: number[] = [];
    for (let i = 0; i < iterations; i += 1) {
      const start = process.hrtime.bigint();
      await prepareContext(deps, { scope_id: SCOPE, query: queries[i % queries.length] as string });
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    progress(
      `${deps === lexical ? "lexical" : "semantic"} prepare at ${size}: ${JSON.stringify(summarize(samples.slice(100)))}`,
    );
  }
  await store.close();
}

await main(process.argv.slice(2));
