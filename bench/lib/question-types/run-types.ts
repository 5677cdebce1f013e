// `npm run bench -- quality --set types`: recall quality by question type through the real API of a real Server.
// Facts of the coding project are asked three ways (lexical, paraphrase, task) with the `rules` and `verbatim`
// profiles; multi-session conversations (every turn one Source) are asked about with `verbatim`: the realistic one,
// shaped like LongMemEval, the reworded one, whose questions mostly share no word with their evidence, and the friends
// one, shaped like LoCoMo (pairs of friends; `friends-unlabelled` stores it without the speakers' names).
// Beside the Server's prepare_context and memory search, plain SQLite FTS5 BM25 over the same entries gives the
// baseline. `--only facts` or `--only conversation` runs one half.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQLITE_FILE_NAME } from "../../../packages/server/src/store/open-store.ts";
import { startServerProcess } from "../../../packages/server/src/testing/server-process.ts";
import { captureAndFlush, rememberInOrder } from "../capture-and-flush.ts";
import { machine, option, progress, writeResult } from "../measure.ts";
import { startWordVectorEndpoint, type WordVectorEndpoint } from "../word-vector-embeddings.ts";
import { loadWordVectors, type WordWeighting } from "../word-vectors.ts";
import { sharedContentTerms } from "./content-words.ts";
import { CONVERSATION_PROFILE, measureConversations, measureFacts } from "./measure-by-type.ts";
import { buildRealisticConversations } from "./realistic-sessions.ts";
import { openRecallPaths, type RecallPaths } from "./recall-paths.ts";
import { buildRewordedConversations } from "./reworded-sessions.ts";
import { buildTypedFacts, type TypedFactSet } from "./typed-facts.ts";
import { buildFriendsConversations } from "./friends-sessions.ts";
import { conversationTable, factTable, type ConversationResult, type FactResult } from "./types-table.ts";
import type { ConversationSet, TypedQuestion } from "./types.ts";

const FACT_SCOPE = "bench:quality-types";
const CONVERSATION_SCOPE = "bench:quality-conversation";
/** `auto` is what a client gets by default: the shipped ranking, with the built-in semantic layer. */
const SEARCH_MODES = ["auto", "fts", "vector", "hybrid"];
const HALVES = ["facts", "conversation"];
/** The conversation sets, in report order: the realistic one first, as the one a ranking change is judged on. */
export const CONVERSATION_SETS: Record<string, (options: { seed: number; questions: number }) => ConversationSet> = {
  realistic: buildRealisticConversations,
  reworded: buildRewordedConversations,
  friends: buildFriendsConversations,
  "friends-unlabelled": (options) => buildFriendsConversations({ ...options, labels: false }),
  // The same chats captured without `metadata.session_id`, as a client that does not name its sessions sends them.
  "friends-unsessioned": (options) => withoutSessions(buildFriendsConversations(options), "friends-unsessioned"),
  "realistic-unsessioned": (options) => withoutSessions(buildRealisticConversations(options), "realistic-unsessioned"),
  // The same chats written turn by turn with memory/remember, as a client storing each turn verbatim writes them.
  "friends-remembered": (options) => ({
    ...withoutSessions(buildFriendsConversations(options), "friends-remembered"),
    remembered: true,
  }),
};

function withoutSessions(set: ConversationSet, name: string): ConversationSet {
  return { ...set, name, sources: set.sources.map(({ session_id: _, ...source }) => source) };
}

interface ServerOptions {
  keep: string;
  endpoint: WordVectorEndpoint | null;
  /** Memory search modes to ask in (`--search`). */
  modes: readonly string[];
}

/** The command line of `quality --set types`, checked. */
function readTypesOptions(args: string[]) {
  const quick = args.includes("--quick");
  const only = option(args, "only", "");
  if (only !== "" && !HALVES.includes(only)) throw new Error(`--only takes ${HALVES.join(" or ")}`);
  const setNames = option(args, "conversation-sets", Object.keys(CONVERSATION_SETS).join(",")).split(",");
  if (!setNames.every((name) => name in CONVERSATION_SETS))
    throw new Error(`--conversation-sets takes ${Object.keys(CONVERSATION_SETS).join(",")}`);
  const wordVectorsPath = option(args, "word-vectors", "");
  const modes = option(args, "search", wordVectorsPath ? SEARCH_MODES.join(",") : "auto,fts").split(",");
  if (!modes.every((mode) => SEARCH_MODES.includes(mode))) throw new Error(`--search takes ${SEARCH_MODES.join(",")}`);
  if (modes.some((mode) => mode === "vector" || mode === "hybrid") && !wordVectorsPath)
    throw new Error("--search vector or hybrid needs --word-vectors PATH (an embedding model)");
  return {
    quick,
    seed: Number(option(args, "seed", "8")),
    facts: Number(option(args, "facts", quick ? "100" : "300")),
    distractors: Number(option(args, "distractors", quick ? "2000" : "6000")),
    conversationQuestions: Number(option(args, "conversation-questions", quick ? "250" : "1500")),
    profiles: option(args, "profiles", "rules,verbatim").split(","),
    keep: option(args, "keep", ""),
    only,
    setNames,
    wordVectorsPath,
    weighting: option(args, "weighting", "mean") as WordWeighting,
    modes,
    // --project: the facts are about the project as a whole, one per topic, every passing paraphrase asked.
    projectWide: args.includes("--project"),
    // --sessions N: the fact set's Sources are captured as chat sessions of N turns each (metadata.session_id, as
    // powercontext-pi sends it), so that session context and session turns take part; 0 is none.
    factSessions: Number(option(args, "sessions", "0")),
  };
}

export async function runQuestionTypes(args: string[]): Promise<void> {
  const started = Date.now();
  const typesOptions = readTypesOptions(args);
  const { quick, seed, facts, distractors, conversationQuestions, profiles, keep, only, modes, projectWide } =
    typesOptions;
  const { setNames, wordVectorsPath, weighting, factSessions } = typesOptions;
  const endpoint = wordVectorsPath
    ? await startWordVectorEndpoint(loadWordVectors(wordVectorsPath, weighting), "wink-sg-100d")
    : null;

  const runFacts = only !== "conversation";
  const factSet = inSessions(
    buildTypedFacts({ seed, facts: runFacts ? facts : 0, distractors: runFacts ? distractors : 0, projectWide }),
    factSessions,
  );
  if (runFacts) describeFactSet(factSet);
  const conversations =
    only === "facts"
      ? []
      : setNames.map((name) => CONVERSATION_SETS[name]!({ seed, questions: conversationQuestions }));
  for (const set of conversations) describeConversations(set);

  const options: ServerOptions = { keep, endpoint, modes };
  const factResults: Array<FactResult & Record<string, unknown>> = [];
  for (const profile of runFacts ? profiles : []) {
    const sessions = factSessions > 0 ? `-sess${factSessions}` : "";
    const dir = `types-${projectWide ? "project-" : ""}${profile}-s${seed}-f${factSet.facts.length}-d${distractors}${sessions}`;
    factResults.push(
      await withServer(options, profile, dir, FACT_SCOPE, factSet.sources, (paths) =>
        measureFacts(paths, profile, factSet),
      ),
    );
  }
  const conversationResults: Array<ConversationResult & Record<string, unknown>> = [];
  for (const set of conversations) {
    const dir = `types-conversation-${set.name}-${CONVERSATION_PROFILE}-s${seed}-q${conversationQuestions}`;
    conversationResults.push(
      await withServer(
        options,
        CONVERSATION_PROFILE,
        dir,
        `${CONVERSATION_SCOPE}-${set.name}`,
        set.sources,
        (paths) => measureConversations(paths, set),
        set.remembered === true,
      ),
    );
  }
  await endpoint?.close();

  const seconds = Math.round((Date.now() - started) / 1000);
  const name = `quality-types${projectWide ? "-project" : ""}${only ? `-${only}` : ""}${quick ? "-quick" : ""}${endpoint ? `-${endpoint.model}` : ""}`;
  const file = writeResult(name, {
    benchmark: "quality --set types",
    machine: machine(),
    seconds,
    dataset: { seed, facts, distractors, ...describeDataset(factSet, conversations) },
    search_modes: modes,
    facts: factResults,
    conversation: conversationResults,
  });
  if (runFacts) console.log(`\n## Fact questions by type\n\n${factTable(factResults)}`);
  if (conversations.length > 0) console.log(`\n## Conversation memory\n\n${conversationTable(conversationResults)}\n`);
  progress(`done in ${seconds} s; results written to ${file}`);
}

/** The fact set with its Sources in chat sessions of `turns` turns each, in capture order; as it is for 0. */
function inSessions(set: TypedFactSet, turns: number): TypedFactSet {
  if (turns <= 0) return set;
  const sources = set.sources.map((source, index) => ({ ...source, session_id: `fact-s${Math.floor(index / turns)}` }));
  return { ...set, sources };
}

/** What the fact set and the conversation sets hold, for the result file. */
function describeDataset(factSet: TypedFactSet, conversations: readonly ConversationSet[]): Record<string, unknown> {
  return {
    fact_sources: factSet.sources.length,
    fact_questions: countByType(factSet.questions),
    paraphrase_candidates_dropped: factSet.dropped.filter((drop) => drop.type === "paraphrase").length,
    lexical_candidates_dropped: factSet.dropped.filter((drop) => drop.type === "lexical").length,
    facts_without_question: factSet.unasked,
    conversation_sets: conversations.map((set) => ({
      set: set.name,
      sessions: set.sessions,
      turns: set.sources.length,
      questions: set.questions.length,
      questions_sharing_no_content_word: countDisjoint(set),
    })),
  };
}

/** Starts a Server with `profile`, loads `sources` unless `--keep` already holds them, measures, stops. */
async function withServer<T>(
  { keep, endpoint, modes }: ServerOptions,
  profile: string,
  dirName: string,
  scope: string,
  sources: ReadonlyArray<{ source_id: string; content: string; session_id?: string }>,
  measure: (paths: RecallPaths) => Promise<T>,
  remembered = false,
): Promise<T> {
  const dataDir = keep ? join(keep, dirName) : mkdtempSync(join(tmpdir(), `pc-bench-types-${profile}-`));
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
    if (loaded) progress(`${dirName}: reusing the loaded data in ${dataDir}`);
    else if (remembered) await rememberInOrder(server.url, scope, sources, dirName);
    else await captureAndFlush(server.url, scope, sources, dirName);
    const paths = await openRecallPaths(server.url, scope, modes, remembered ? sources : []);
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
  const disjoint = countDisjoint(set);
  const share = set.questions.length === 0 ? 0 : Math.round((disjoint / set.questions.length) * 1000) / 10;
  progress(
    `conversation ${set.name}: ${set.sessions} sessions, ${set.sources.length} turns, ${set.questions.length} ` +
      `questions; ${disjoint} (${share} %) share no content word with their evidence turns`,
  );
}

/** Questions that share no content word with their evidence turns: keyword recall can find those only by luck. */
function countDisjoint(set: ConversationSet): number {
  const content = new Map(set.sources.map((source) => [source.source_id, source.content]));
  return set.questions.filter(
    (q) =>
      sharedContentTerms(q.query, q.evidence_source_ids.map((id) => content.get(id) ?? "").join("\n")).length === 0,
  ).length;
}

function countByType(questions: readonly TypedQuestion[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const question of questions) counts[question.type] = (counts[question.type] ?? 0) + 1;
  return counts;
}
