// npm run bench -- recall-misses --data DIR --facts 300 --distractors 6000 [--project] [--types lexical,task] [--seed 8]
// Lists the misses of the question-type fact set (prepare's eight items lack the fact) on Memory that
// `npm run bench -- quality --keep` loaded: the question, the wanted fact's entry text (or "not in Memory": the
// extractor dropped it or linked it to a near duplicate), its rank in the shipped ranking (100 deep), with each of its
// parts off in turn, in lexical-only and in plain BM25, and the shipped top 3. docs/benchmarks.md reads its output.
import { join } from "node:path";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import {
  DEFAULT_TUNING,
  type RecallDeps,
  rankRecall,
  type RecallTuning,
} from "../packages/server/src/domain/memory/recall-ranking.ts";
import { VectorIndex } from "../packages/server/src/search/semantic/vector-index.ts";
import { LazyWordVectorModel } from "../packages/server/src/search/semantic/word-vector-model.ts";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { openBm25Index } from "./lib/bm25-baseline.ts";
import { option, progress } from "./lib/measure.ts";
import { buildTypedFacts } from "./lib/question-types/typed-facts.ts";

const DEPTH = 100;
/** The shipped ranking with one of its parts off, to see which part pushed the fact down. */
const ABLATIONS: Array<[string, Partial<RecallTuning>]> = [
  ["concepts", { conceptWeight: 0 }],
  ["meaning", { semanticWeight: 0 }],
  ["passage", { passageWeight: 0 }],
  ["session", { sessionShare: 0 }],
  ["shapes", { shapeWeight: 0 }],
];
const clip = (text: string) => text.replace(/\s+/g, " ").slice(0, 160);

const rankIn = (ids: readonly string[], wanted: ReadonlySet<string>) =>
  ids.findIndex((id) => wanted.has(id)) + 1 || "-";

/** Ranks of the wanted entries in the shipped ranking, 100 deep, with each part of it off in turn (ABLATIONS). */
async function ranksOf(deps: RecallDeps, scope: string, query: string, wanted: ReadonlySet<string>) {
  const idsOf = async (tuning?: RecallTuning, semantic = deps.semantic) =>
    (await rankRecall({ ...deps, semantic, ...(tuning && { tuning }) }, scope, query, DEPTH)).ranked.map(
      (r) => r.hit.entry.citation.entry_id,
    );
  const shipped = await idsOf();
  const without: string[] = [];
  for (const [name, change] of ABLATIONS)
    without.push(`${name} ${rankIn(await idsOf({ ...DEFAULT_TUNING, ...change }), wanted)}`);
  return { shipped, lexical: rankIn(await idsOf(undefined, null), wanted), without: without.join(", ") };
}

export async function run(args: string[]): Promise<void> {
  const data = option(args, "data", "");
  if (data === "") throw new Error("--data DIR (a data dir kept by `npm run bench -- quality --keep`)");
  const set = buildTypedFacts({
    seed: Number(option(args, "seed", "8")),
    projectWide: args.includes("--project"),
    facts: Number(option(args, "facts", "100")),
    distractors: Number(option(args, "distractors", "2000")),
  });
  const types = new Set(option(args, "types", "lexical,task").split(","));
  const scope = "bench:quality-types";
  const store = await openSqliteStore(join(data, SQLITE_FILE_NAME));
  const semantic = new VectorIndex(store, new LazyWordVectorModel((error) => progress(error.message)));
  await semantic.refresh(scope);
  const listing = await store.listEntries(scope, false);
  const entriesOf = new Map<string, string[]>();
  for (const entry of listing.entries)
    for (const ref of entry.source_refs)
      entriesOf.set(ref.source_id, [...(entriesOf.get(ref.source_id) ?? []), entry.citation.entry_id]);
  const textOf = new Map(listing.entries.map((e) => [e.citation.entry_id, e.text]));
  const bm25 = openBm25Index(listing.entries.map((e) => ({ entry_id: e.citation.entry_id, text: e.text })));
  const factOf = new Map(set.facts.map((fact) => [fact.id, fact]));
  const deps: RecallDeps = { store, semantic };
  for (const question of set.questions) {
    if (!types.has(question.type)) continue;
    const fact = factOf.get(question.fact_id);
    const wanted = new Set(entriesOf.get(fact?.source_id ?? "") ?? []);
    const prepared = await prepareContext(deps, { scope_id: scope, query: question.query, max_bytes: 8000 });
    if (prepared.items.some((item) => "entry_id" in item.citation && wanted.has(item.citation.entry_id))) continue;
    const ranks = await ranksOf(deps, scope, question.query, wanted);
    const entryTexts = [...wanted].map((id) => clip(textOf.get(id) ?? ""));
    console.log(`\n[${question.type}] ${question.query}`);
    console.log(`  fact: ${clip(fact?.content ?? "")}`);
    console.log(`  entry: ${entryTexts.length === 0 ? "not in Memory" : entryTexts.join(" || ")}`);
    const bm25Rank = rankIn(bm25.search(question.query, DEPTH), wanted);
    console.log(
      `  rank shipped ${rankIn(ranks.shipped, wanted)} lexical ${ranks.lexical} bm25 ${bm25Rank}; without ${ranks.without}`,
    );
    for (const id of ranks.shipped.slice(0, 3)) console.log(`  top: ${clip(textOf.get(id) ?? "")}`);
  }
  bm25.close();
  await store.close();
}
