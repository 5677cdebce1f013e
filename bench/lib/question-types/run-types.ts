// `npm run bench -- quality --set types`: recall quality by question type through the real API of a real Server.
// Facts of the coding project are asked three ways (lexical, paraphrase, task) with the `rules` and `verbatim`
// profiles; a multi-session conversation (every turn one Source) is asked about with `verbatim`. Beside the Server's
// prepare_context and memory search, plain SQLite FTS5 BM25 over the same entries gives the baseline.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQLITE_FILE_NAME } from "../../../packages/server/src/store/open-store.ts";
import { startServerProcess } from "../../../packages/server/src/testing/server-process.ts";
import { captureAndFlush } from "../capture-and-flush.ts";
import { machine, option, progress, writeResult } from "../measure.ts";
import { startWordVectorEndpoint, type WordVectorEndpoint } from "../word-vector-embeddings.ts";
import { loadWordVectors, type WordWeighting } from "../word-vectors.ts";
import { sharedContentTerms } from "./content-words.ts";
import { buildConversations, type ConversationSet } from "./conversation-sessions.ts";
import { CONVERSATION_PROFILE, measureConversations, measureFacts } from "./measure-by-type.ts";
import { openRecallPaths, type RecallPaths } from "./recall-paths.ts";
import { buildTypedFacts, type TypedFactSet } from "./typed-facts.ts";
import { conversationTable, factTable, type FactResult } from "./types-table.ts";
import type { TypedQuestion } from "./types.ts";

const FACT_SCOPE = "bench:quality-types";
const CONVERSATION_SCOPE = "bench:quality-conversation";
const SEARCH_MODES = ["fts", "vector", "hybrid"];

interface ServerOptions {
  keep: string;
  endpoint: WordVectorEndpoint | null;
  /** Memory search modes to ask in (`--search`). */
  modes: readonly string[];
}

export async function runQuestionTypes(args: string[]): Promise<void> {
  const started = Date.now();
  const quick = args.includes("--quick");
  const seed = Number(option(args, "seed", "8"));
  const facts = Number(option(args, "facts", quick ? "100" : "300"));
  const distractors = Number(option(args, "distractors", quick ? "2000" : "6000"));
  const conversationQuestions = Number(option(args, "conversation-questions", quick ? "250" : "1500"));
  const profiles = option(args, "profiles", "rules,verbatim").split(",");
  const keep = option(args, "keep", "");
  const wordVectorsPath = option(args, "word-vectors", "");
  const modes = option(args, "search", wordVectorsPath ? SEARCH_MODES.join(",") : "fts").split(",");
  if (!modes.every((mode) => SEARCH_MODES.includes(mode))) throw new Error(`--search takes ${SEARCH_MODES.join(",")}`);
  if (modes.some((mode) => mode !== "fts") && !wordVectorsPath)
    throw new Error("--search vector or hybrid needs --word-vectors PATH (an embedding model)");
  const endpoint = wordVectorsPath
    ? await startWordVectorEndpoint(
        loadWordVectors(wordVectorsPath, option(args, "weighting", "mean") as WordWeighting),
        "wink-sg-100d",
      )
    : null;

  const factSet = buildTypedFacts({ seed, facts, distractors });
  describeFactSet(factSet);
  const conversations = buildConversations({ seed, questions: conversationQuestions });
  describeConversations(conversations);

  const options: ServerOptions = { keep, endpoint, modes };
  const factResults: Array<FactResult & Record<string, unknown>> = [];
  for (const profile of profiles) {
    const dir = `types-${profile}-s${seed}-f${facts}-d${distractors}`;
    factResults.push(
      await withServer(options, profile, dir, FACT_SCOPE, factSet.sources, (paths) =>
        measureFacts(paths, profile, factSet),
      ),
    );
  }
  const conversationDir = `types-conversation-${CONVERSATION_PROFILE}-s${seed}-q${conversationQuestions}`;
  const conversationResult = await withServer(
    options,
    CONVERSATION_PROFILE,
    conversationDir,
    CONVERSATION_SCOPE,
    conversations.sources,
    (paths) => measureConversations(paths, conversations),
  );
  await endpoint?.close();

  const seconds = Math.round((Date.now() - started) / 1000);
  const file = writeResult(`quality-types${quick ? "-quick" : ""}${endpoint ? `-${endpoint.model}` : ""}`, {
    benchmark: "quality --set types",
    machine: machine(),
    seconds,
    dataset: {
      seed,
      facts,
      distractors,
      fact_sources: factSet.sources.length,
      fact_questions: countByType(factSet.questions),
      paraphrase_candidates_dropped: factSet.dropped.filter((drop) => drop.type === "paraphrase").length,
      lexical_candidates_dropped: factSet.dropped.filter((drop) => drop.type === "lexical").length,
      facts_without_question: factSet.unasked,
      conversation_sessions: conversations.sessions,
      conversation_turns: conversations.sources.length,
      conversation_questions: conversations.questions.length,
    },
    search_modes: modes,
    facts: factResults,
    conversation: conversationResult,
  });
  console.log(`\n## Fact questions by type\n\n${factTable(factResults)}`);
  console.log(`\n## Conversation memory\n\n${conversationTable([conversationResult])}\n`);
  progress(`done in ${seconds} s; results written to ${file}`);
}

/** Starts a Server with `profile`, loads `sources` unless `--keep` already holds them, measures, stops. */
async function withServer<T>(
  { keep, endpoint, modes }: ServerOptions,
  profile: string,
  dirName: string,
  scope: string,
  sources: ReadonlyArray<{ source_id: string; content: string }>,
  measure: (paths: RecallPaths) => Promise<T>,
): Promise<T> {
  const dataDir = keep ? join(keep, dirName) : mkdtempSync(join(tmpdir(), `pc-bench-types-${profile}-`));
  mkdirSync(dataDir, { recursive: true });
  const loaded = existsSync(join(dataDir, SQLITE_FILE_NAME));
  const server = await startServerProcess(dataDir, {
    POWERCONTEXT_EXTRACTOR: profile,
    POWERCONTEXT_SQLITE_SYNCHRONOUS: "normal",
    ...(endpoint && {
      POWERCONTEXT_EMBEDDING_BASE_URL: endpoint.baseUrl,
      POWERCONTEXT_EMBEDDING_MODEL: endpoint.model,
    }),
  });
  try {
    if (loaded) progress(`${dirName}: reusing the loaded data in ${dataDir}`);
    else await captureAndFlush(server.url, scope, sources, dirName);
    const paths = await openRecallPaths(server.url, scope, modes);
    try {
      return await measure(paths);
    } finally {
      paths.close();
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

function describeFactSet(set: TypedFactSet): void {
  const paraphraseDrops = set.dropped.filter((drop) => drop.type === "paraphrase");
  const lexicalDrops = set.dropped.filter((drop) => drop.type === "lexical");
  progress(
    `facts: ${set.facts.length} facts in ${set.sources.length} sources; questions ${JSON.stringify(countByType(set.questions))}`,
  );
  progress(
    `word check: dropped ${paraphraseDrops.length} paraphrase candidates that shared a content word with the fact ` +
      `and ${lexicalDrops.length} lexical candidates that shared none beyond the component name; ` +
      `facts left without a paraphrase ${set.unasked.paraphrase}, without a lexical question ${set.unasked.lexical}`,
  );
  for (const drop of paraphraseDrops.slice(0, 3))
    progress(`  e.g. dropped "${drop.query}" (shares ${drop.shared.join(", ")})`);
}

function describeConversations(set: ConversationSet): void {
  const content = new Map(set.sources.map((source) => [source.source_id, source.content]));
  const disjoint = set.questions.filter(
    (q) =>
      sharedContentTerms(q.query, q.evidence_source_ids.map((id) => content.get(id) ?? "").join("\n")).length === 0,
  ).length;
  progress(
    `conversation: ${set.sessions} sessions, ${set.sources.length} turns, ${set.questions.length} questions; ` +
      `${disjoint} share no content word with their evidence turns`,
  );
}

function countByType(questions: readonly TypedQuestion[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const question of questions) counts[question.type] = (counts[question.type] ?? 0) + 1;
  return counts;
}
