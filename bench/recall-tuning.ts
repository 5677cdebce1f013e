// npm run bench -- recall-tuning --data DIR [--facts 120] [--distractors 2000] [--seed 8] [--grid]
// Tunes the recall fusion (domain/memory/recall-ranking.ts) in-process on Memory that `npm run bench -- quality --keep`
// loaded (DIR is one of its data dirs, e.g. /tmp/pcq/rules-s8-f120-d2000; pass the same dataset options): every
// question goes through prepare_context with each setting, and hit@1/5/10 and MRR are printed per setting.
import { join } from "node:path";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { DEFAULT_TUNING, type RecallTuning } from "../packages/server/src/domain/memory/recall-ranking.ts";
import { VectorIndex } from "../packages/server/src/search/semantic/vector-index.ts";
import { LazyWordVectorModel } from "../packages/server/src/search/semantic/word-vector-model.ts";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { buildCodingProject } from "./lib/coding-project.ts";
import { option, progress } from "./lib/measure.ts";
import { judge, qualityFigures } from "./lib/retrieval-metrics.ts";

const SCOPE = "bench:quality";

export async function run(args: string[]): Promise<void> {
  const data = option(args, "data", "");
  if (data === "") throw new Error("--data DIR (a data dir kept by `npm run bench -- quality --keep`)");
  const project = buildCodingProject({
    seed: Number(option(args, "seed", "8")),
    facts: Number(option(args, "facts", "120")),
    distractors: Number(option(args, "distractors", "2000")),
  });
  const store = await openSqliteStore(join(data, SQLITE_FILE_NAME));
  const semantic = new VectorIndex(store, new LazyWordVectorModel((error) => progress(error.message)));
  const listing = await store.listEntries(SCOPE, false);
  const sourcesOf = new Map(listing.entries.map((e) => [e.citation.entry_id, e.source_refs.map((r) => r.source_id)]));
  const factSource = new Map(project.facts.map((fact) => [fact.id, fact.source_id]));
  const settings: Array<[string, RecallTuning | null]> = [
    ["lexical", null],
    ["default", DEFAULT_TUNING],
  ];
  if (args.includes("--grid")) {
    for (const semanticWeight of option(args, "weights", "0.3,0.5,1").split(",").map(Number))
      for (const minSimilarity of option(args, "similarities", "0.5,0.6,0.7").split(",").map(Number))
        settings.push([`w${semanticWeight} s${minSimilarity}`, { ...DEFAULT_TUNING, semanticWeight, minSimilarity }]);
  }
  for (const [name, tuning] of settings) {
    const judged = [];
    for (const question of project.questions) {
      const recall = await prepareContext(
        { store, semantic: tuning ? semantic : null, ...(tuning && { tuning }) },
        { scope_id: SCOPE, query: question.query },
      );
      const items = recall.items.map((item) => ({
        source_ids: "entry_id" in item.citation ? (sourcesOf.get(item.citation.entry_id) ?? []) : [],
        bytes: Buffer.byteLength(item.content),
      }));
      judged.push(judge(items, factSource.get(question.fact_id) ?? ""));
    }
    const f = qualityFigures(judged);
    console.log(`${name.padEnd(14)} hit@1 ${f["hit@1"]} hit@5 ${f["hit@5"]} hit@10 ${f["hit@10"]} MRR ${f.mrr}`);
  }
  await store.close();
}
