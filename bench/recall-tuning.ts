// npm run bench -- recall-tuning --data DIR [--set facts|types|conversation] [--project] [--facts N] [--distractors N] [--seed 8]
//                                [--max-bytes 8000] [--try "key=value,…;…"] [--time N]
//                                [--conversation-set realistic|reworded|friends|friends-unlabelled]
// Tunes the recall fusion (domain/memory/recall-ranking.ts) in-process on Memory that `npm run bench -- quality --keep`
// loaded: DIR is one of its data dirs (e.g. /tmp/pcq/rules-s8-f120-d2000 for the default set, or
// /tmp/pcq-types-quick/types-rules-s8-f100-d2000 with --set types); pass the dataset options it was built with.
// Every question goes through prepare_context and memory search (limit 10) with each setting; hit@1/5/10 and MRR are
// printed per setting and question type, lexical-only first. With --set conversation, `--time N` also times
// prepare_context for the first N questions under each setting, the settings alternated question by question (after
// a warm-up of 50), and prints the median and p95 of each; `--conversation-set reworded` ranks the reworded set (its
// questions share no word with their answers) instead of the realistic one, from its own data dir.
import { join } from "node:path";
import { prepareContext } from "../packages/server/src/domain/context/prepare-context.ts";
import { DEFAULT_TUNING, rankRecall, type RecallTuning } from "../packages/server/src/domain/memory/recall-ranking.ts";
import { VectorIndex } from "../packages/server/src/search/semantic/vector-index.ts";
import { LazyWordVectorModel } from "../packages/server/src/search/semantic/word-vector-model.ts";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import type { Store } from "../packages/server/src/store/types.ts";
import { openBm25Index } from "./lib/bm25-baseline.ts";
import { buildCodingProject } from "./lib/coding-project.ts";
import { option, progress, summarize } from "./lib/measure.ts";
import { entrySources } from "./lib/question-types/recall-paths.ts";
import { CONVERSATION_SETS } from "./lib/question-types/run-types.ts";
import { conversationFigures, judgeConversation } from "./lib/question-types/type-figures.ts";
import { buildTypedFacts } from "./lib/question-types/typed-facts.ts";
import type { ConversationQuestion } from "./lib/question-types/types.ts";
import { judge, qualityFigures, type Judged } from "./lib/retrieval-metrics.ts";

interface TuningQuestion {
  group: string;
  query: string;
  wanted: string;
}

function questionsOf(args: string[]): { scope: string; questions: TuningQuestion[] } {
  const seed = Number(option(args, "seed", "8"));
  if (option(args, "set", "facts") === "types") {
    const set = buildTypedFacts({
      seed,
      projectWide: args.includes("--project"),
      facts: Number(option(args, "facts", "100")),
      distractors: Number(option(args, "distractors", "2000")),
    });
    const sourceOf = new Map(set.facts.map((fact) => [fact.id, fact.source_id]));
    return {
      scope: "bench:quality-types",
      questions: set.questions.map((q) => ({ group: q.type, query: q.query, wanted: sourceOf.get(q.fact_id) ?? "" })),
    };
  }
  const project = buildCodingProject({
    seed,
    facts: Number(option(args, "facts", "120")),
    distractors: Number(option(args, "distractors", "2000")),
  });
  const sourceOf = new Map(project.facts.map((fact) => [fact.id, fact.source_id]));
  return {
    scope: "bench:quality",
    questions: project.questions.map((q) => ({
      group: q.shape,
      query: q.query,
      wanted: sourceOf.get(q.fact_id) ?? "",
    })),
  };
}

/**
 * Lexical only, the defaults, and each `--try` setting: settings separated by ";", each a list of key=value over
 * RecallTuning's fields, e.g. --try "semanticWeight=0.5,words=0.5,mean=0.5;concepts=1,mean=0".
 */
function settingsOf(args: string[]): Array<[string, RecallTuning | null]> {
  const settings: Array<[string, RecallTuning | null]> = [
    ["lexical", null],
    ["default", DEFAULT_TUNING],
  ];
  for (const spec of option(args, "try", "").split(";")) {
    if (spec.trim() === "") continue;
    const tuning: Record<string, number> = { ...DEFAULT_TUNING };
    for (const pair of spec.split(",")) {
      const [key = "", value = ""] = pair.split("=");
      if (!(key.trim() in DEFAULT_TUNING)) throw new Error(`--try: unknown setting ${key}`);
      tuning[key.trim()] = Number(value);
    }
    settings.push([spec.trim(), tuning as unknown as RecallTuning]);
  }
  return settings;
}

/**
 * A conversation set (--set conversation, verbatim Memory; the realistic one unless --conversation-set reworded):
 * session-hit@10, turn-recall@10 and MRR of memory search (limit 10) per setting.
 */
async function runConversation(args: string[], data: string): Promise<void> {
  const which = option(args, "conversation-set", "realistic");
  const build = CONVERSATION_SETS[which];
  if (build === undefined) throw new Error(`--conversation-set takes ${Object.keys(CONVERSATION_SETS).join("|")}`);
  const set = build({ seed: Number(option(args, "seed", "8")), questions: Number(option(args, "questions", "1500")) });
  const scope = `bench:quality-conversation-${which}`;
  const store = await openSqliteStore(join(data, SQLITE_FILE_NAME));
  const semantic = new VectorIndex(store, new LazyWordVectorModel((error) => progress(error.message)));
  await semantic.refresh(scope);
  const sourcesOf = entrySources((await store.listEntries(scope, false)).entries, set.remembered ? set.sources : []);
  await printBm25Conversation(store, scope, set.questions, sourcesOf);
  for (const [name, tuning] of settingsOf(args)) {
    const deps = { store, semantic: tuning ? semantic : null, ...(tuning && { tuning }) };
    const judged = [];
    for (const question of set.questions) {
      const { ranked } = await rankRecall(deps, scope, question.query, 10);
      const items = ranked.map(({ hit }) => ({
        source_ids: sourcesOf.get(hit.entry.citation.entry_id) ?? [],
        bytes: Buffer.byteLength(hit.entry.text),
      }));
      judged.push(
        judgeConversation(items, new Set(question.evidence_source_ids), new Set(question.session_source_ids)),
      );
    }
    const f = conversationFigures(judged);
    console.log(
      `${name.padEnd(12)} session-hit@10 ${f["session_hit@10"]} turn-recall@10 ${f["turn_recall@10"]} MRR ${f.mrr}`,
    );
  }
  const timed = Number(option(args, "time", "0"));
  if (timed > 0) await timePrepare({ store, semantic, scope }, set.questions.slice(0, timed), settingsOf(args));
  await store.close();
}

/** prepare_context's in-process time per setting, the settings alternated question by question after a warm-up. */
async function timePrepare(
  { store, semantic, scope }: { store: Store; semantic: VectorIndex; scope: string },
  questions: ReadonlyArray<{ query: string }>,
  settings: Array<[string, RecallTuning | null]>,
): Promise<void> {
  const depsOf = (tuning: RecallTuning | null) => ({
    store,
    semantic: tuning ? semantic : null,
    ...(tuning && { tuning }),
  });
  for (const question of questions.slice(0, 50))
    for (const [, tuning] of settings) await prepareContext(depsOf(tuning), { scope_id: scope, query: question.query });
  const samples = new Map<string, number[]>(settings.map(([name]) => [name, []]));
  for (const question of questions)
    for (const [name, tuning] of settings) {
      const start = performance.now();
      await prepareContext(depsOf(tuning), { scope_id: scope, query: question.query });
      samples.get(name)?.push(performance.now() - start);
    }
  for (const [name, times] of samples) {
    const { median_ms, p95_ms } = summarize(times);
    console.log(`${name.padEnd(12)} prepare_context median ${median_ms} ms, p95 ${p95_ms} ms (${times.length} runs)`);
  }
}

/** Plain FTS5 BM25 over the same entries (question words OR-ed), as the quality bench's baseline: the same run's yardstick. */
async function printBm25Conversation(
  store: Store,
  scope: string,
  questions: readonly ConversationQuestion[],
  sourcesOf: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const listing = await store.listEntries(scope, false);
  const index = openBm25Index(listing.entries.map((e) => ({ entry_id: e.citation.entry_id, text: e.text })));
  const judged = questions.map((question) =>
    judgeConversation(
      index.search(question.query, 10).map((id) => ({ source_ids: sourcesOf.get(id) ?? [], bytes: 0 })),
      new Set(question.evidence_source_ids),
      new Set(question.session_source_ids),
    ),
  );
  index.close();
  const f = conversationFigures(judged);
  console.log(
    `${"bm25".padEnd(12)} session-hit@10 ${f["session_hit@10"]} turn-recall@10 ${f["turn_recall@10"]} MRR ${f.mrr}`,
  );
}

export async function run(args: string[]): Promise<void> {
  const data = option(args, "data", "");
  if (option(args, "set", "facts") === "conversation") return runConversation(args, data);
  if (data === "") throw new Error("--data DIR (a data dir kept by `npm run bench -- quality --keep`)");
  const { scope, questions } = questionsOf(args);
  const store = await openSqliteStore(join(data, SQLITE_FILE_NAME));
  const semantic = new VectorIndex(store, new LazyWordVectorModel((error) => progress(error.message)));
  await semantic.refresh(scope);
  const listing = await store.listEntries(scope, false);
  const sourcesOf = new Map(listing.entries.map((e) => [e.citation.entry_id, e.source_refs.map((r) => r.source_id)]));
  const groups = [...new Set(questions.map((q) => q.group))];
  const maxBytes = Number(option(args, "max-bytes", "8000"));
  for (const [name, tuning] of settingsOf(args)) {
    const deps = { store, semantic: tuning ? semantic : null, ...(tuning && { tuning }) };
    const judged = new Map<string, { prepare: Judged[]; search: Judged[] }>(
      groups.map((group) => [group, { prepare: [], search: [] }]),
    );
    for (const question of questions) {
      const recall = await prepareContext(deps, { scope_id: scope, query: question.query, max_bytes: maxBytes });
      const prepared = recall.items.map((item) => ({
        source_ids: "entry_id" in item.citation ? (sourcesOf.get(item.citation.entry_id) ?? []) : [],
        bytes: Buffer.byteLength(item.content),
      }));
      const { ranked } = await rankRecall(deps, scope, question.query, 10);
      const searched = ranked.map(({ hit }) => ({
        source_ids: hit.entry.source_refs.map((ref) => ref.source_id),
        bytes: Buffer.byteLength(hit.entry.text),
      }));
      const bucket = judged.get(question.group);
      bucket?.prepare.push(judge(prepared, question.wanted));
      bucket?.search.push(judge(searched, question.wanted));
    }
    const cells = (rows: Judged[]) => {
      const f = qualityFigures(rows);
      return `${f["hit@1"].toFixed(2)}/${f["hit@5"].toFixed(2)}/${f["hit@10"].toFixed(2)}/${f.mrr.toFixed(3)}`;
    };
    const line = [...judged].map(([group, rows]) => `${group} p ${cells(rows.prepare)} s ${cells(rows.search)}`);
    console.log(`${name.padEnd(12)} ${line.join(" | ")}`);
  }
  await store.close();
}
