// npm run bench -- quality [--quick] [--facts 520] [--distractors 20000] [--seed 8] [--stale 0]
//                          [--profiles rules,verbatim] [--keep DIR]
// Retrieval quality through the real API of a real Server process: a generated coding-project conversation is
// captured, flushed until idle with each extractor profile, then every paraphrased question is asked through
// prepare_context (and memory search, limit 10). Each recalled item's citation is mapped to its entry's Sources;
// a hit is an item citing the Source that stated the fact. With `--stale 0.2`, a fifth of the facts were first stated
// with another value in an earlier Source (a changed decision); the current statement is the hit, and the share of
// those questions where the superseded statement ranks first is reported. `--keep DIR` keeps the loaded data dirs under DIR and
// reuses them on the next run (same dataset options), so a retrieval change is measured on identical Memory.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  PREPARED_CONTEXT_BEGIN,
  PREPARED_CONTEXT_END,
  utf8Length,
  type MemoryEntry,
  type PreparedContext,
  type PreparedItem,
} from "@powercontext/protocol";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { startServerProcess } from "../packages/server/src/testing/server-process.ts";
import { buildCodingProject, type CodingProject, type QualityQuestion } from "./lib/coding-project.ts";
import { postOk } from "./lib/http.ts";
import { machine, option, progress, summarize, writeResult } from "./lib/measure.ts";
import { judge, qualityFigures, type Judged } from "./lib/retrieval-metrics.ts";

const SCOPE = "bench:quality";
const FLUSH_IDLE = "idle";

interface SearchAnswer {
  hits: Array<{ citation: { entry_id: string }; text: string }>;
}

export async function run(args: string[]): Promise<void> {
  const quick = args.includes("--quick");
  const facts = Number(option(args, "facts", quick ? "120" : "520"));
  const distractors = Number(option(args, "distractors", quick ? "2000" : "20000"));
  const seed = Number(option(args, "seed", "8"));
  const stale = Number(option(args, "stale", "0"));
  const profiles = option(args, "profiles", "rules,verbatim").split(",");
  const keep = option(args, "keep", "");
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
      POWERCONTEXT_EXTRACTOR: profile,
      POWERCONTEXT_SQLITE_SYNCHRONOUS: "normal",
    });
    try {
      if (loaded) progress(`${profile}: reusing the loaded data in ${dataDir}`);
      else await load(server.url, profile, project);
      results.push({ profile, ...(await measure(server.url, profile, project)) });
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const file = writeResult(quick ? "quality-quick" : "quality", {
    benchmark: "quality",
    machine: machine(),
    dataset: { seed, facts, distractors, stale, sources: project.sources.length, questions: project.questions.length },
    results,
  });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}

async function load(url: string, profile: string, project: CodingProject): Promise<void> {
  // One client, in order, so journal positions (and recency) are the same on every run.
  const started = Date.now();
  for (const [index, source] of project.sources.entries()) {
    await postOk(
      url,
      "/v1/sources/content",
      { scope_id: SCOPE, source_id: source.source_id, content: source.content },
      [202],
    );
    if ((index + 1) % 2000 === 0) progress(`${profile}: captured ${index + 1}/${project.sources.length}`);
  }
  let flushes = 0;
  for (;;) {
    const { body } = await postOk<{ status: string; current_cursor: number; high_watermark: number }>(
      url,
      "/v1/memory/flush",
      { scope_id: SCOPE },
    );
    if (body.status === FLUSH_IDLE) break;
    flushes += 1;
    if (flushes % 20 === 0) progress(`${profile}: flushed to ${body.current_cursor}/${body.high_watermark}`);
  }
  progress(`${profile}: loaded in ${Math.round((Date.now() - started) / 1000)} s (${flushes} flushes)`);
}

async function measure(url: string, profile: string, project: CodingProject): Promise<Record<string, unknown>> {
  const { body: listing } = await postOk<{ entries: MemoryEntry[] }>(url, "/v1/memory/entries/list", {
    scope_id: SCOPE,
  });
  const sourcesOf = new Map(
    listing.entries.map((entry) => [entry.citation.entry_id, entry.source_refs.map((ref) => ref.source_id)]),
  );
  const factSource = new Map(project.facts.map((fact) => [fact.id, fact.source_id]));
  const staleSource = new Map(project.facts.map((fact) => [fact.id, fact.stale_source_id]));
  const extracted = new Set([...sourcesOf.values()].flat());
  const factsInMemory = project.facts.filter((fact) => extracted.has(fact.source_id)).length;
  const changed = project.facts.filter((fact) => fact.stale_source_id !== null);
  const changedInMemory = changed.filter((fact) => extracted.has(fact.source_id)).length;
  progress(
    `${profile}: ${listing.entries.length} entries; ${factsInMemory}/${project.facts.length} facts made it into Memory`,
  );

  const prepared: Array<{ question: QualityQuestion; judged: Judged }> = [];
  const searched: Array<{ question: QualityQuestion; judged: Judged }> = [];
  const latencies: number[] = [];
  const figures = (rows: typeof prepared) =>
    qualityFigures(
      rows.map((row) => row.judged),
      rows.filter((row) => (staleSource.get(row.question.fact_id) ?? null) !== null).length,
    );
  for (const [index, question] of project.questions.entries()) {
    const wanted = factSource.get(question.fact_id) ?? "";
    const answer = await postOk<PreparedContext>(url, "/v1/context/prepare", {
      scope_id: SCOPE,
      query: question.query,
    });
    latencies.push(answer.ms);
    const items = preparedItems(answer.body).map((item) => ({
      source_ids: "entry_id" in item.citation ? (sourcesOf.get(item.citation.entry_id) ?? []) : [],
      bytes: utf8Length(item.content),
    }));
    const stale = staleSource.get(question.fact_id) ?? null;
    prepared.push({ question, judged: judge(items, wanted, stale) });
    const search = await postOk<SearchAnswer>(url, "/v1/memory/search", {
      scope_id: SCOPE,
      query: question.query.slice(0, 8192),
      limit: 10,
    });
    const hits = search.body.hits.map((hit) => ({
      source_ids: sourcesOf.get(hit.citation.entry_id) ?? [],
      bytes: utf8Length(hit.text),
    }));
    searched.push({ question, judged: judge(hits, wanted, stale) });
    if ((index + 1) % 250 === 0)
      progress(`${profile}: asked ${index + 1}/${project.questions.length}: ${JSON.stringify(figures(prepared))}`);
  }
  const byShape = (rows: typeof prepared) => ({
    all: figures(rows),
    short: figures(rows.filter((row) => row.question.shape === "short")),
    long: figures(rows.filter((row) => row.question.shape === "long")),
  });
  const result = {
    entries: listing.entries.length,
    facts_in_memory: factsInMemory,
    changed_facts: changed.length,
    changed_facts_in_memory: changedInMemory,
    prepare: byShape(prepared),
    search_limit_10: byShape(searched),
    prepare_latency_over_http: summarize(latencies),
  };
  progress(`${profile}: ${JSON.stringify(result.prepare.all)}`);
  return result;
}

/** The items of a ready PreparedContext, parsed back out of its content block. */
function preparedItems(context: PreparedContext): PreparedItem[] {
  if (context.status !== "ready") return [];
  const begin = context.content.indexOf(PREPARED_CONTEXT_BEGIN);
  const end = context.content.lastIndexOf(PREPARED_CONTEXT_END);
  const block = context.content.slice(begin + PREPARED_CONTEXT_BEGIN.length, end);
  return (JSON.parse(block) as { items: PreparedItem[] }).items;
}
