// Asks every question of the question-type set through each recall path and turns the answers into figures per
// question type (facts) or per detail kind (conversation).
import { progress, summarize } from "../measure.ts";
import type { RecallPaths } from "./recall-paths.ts";
import {
  conversationFigures,
  factFigures,
  factRank,
  judgeConversation,
  type ConversationJudged,
} from "./type-figures.ts";
import type { TypedFactSet } from "./typed-facts.ts";
import type { ConversationResult, FactResult } from "./types-table.ts";
import type { ConversationSet, TypedQuestion } from "./types.ts";

/** The conversation set is kept verbatim: every turn one entry. */
export const CONVERSATION_PROFILE = "verbatim";

const FACT_GROUPS: ReadonlyArray<[string, (question: TypedQuestion) => boolean]> = [
  ["lexical", (q) => q.type === "lexical"],
  ["paraphrase", (q) => q.type === "paraphrase"],
  ["task", (q) => q.type === "task"],
  ["task (short)", (q) => q.type === "task" && q.shape === "short"],
  ["task (long)", (q) => q.type === "task" && q.shape === "long"],
  ["all", () => true],
];

export async function measureFacts(
  paths: RecallPaths,
  profile: string,
  set: TypedFactSet,
): Promise<FactResult & Record<string, unknown>> {
  const sourceOf = new Map(set.facts.map((fact) => [fact.id, fact.source_id]));
  const inMemory = set.facts.filter((fact) => paths.citedSources.has(fact.source_id)).length;
  progress(`${profile}: ${paths.entries} entries; ${inMemory}/${set.facts.length} facts made it into Memory`);
  const ranks = new Map(paths.names.map((name) => [name, [] as Array<number | null>]));
  for (const [index, question] of set.questions.entries()) {
    const answers = await paths.recall(question.query);
    const wanted = sourceOf.get(question.fact_id) ?? "";
    for (const name of paths.names) ranks.get(name)?.push(factRank(answers.get(name) ?? [], wanted));
    if ((index + 1) % 250 === 0) progress(`${profile}: asked ${index + 1}/${set.questions.length}`);
  }
  const figures: FactResult["figures"] = {};
  for (const [group, belongs] of FACT_GROUPS) {
    const picked = set.questions.map(belongs);
    figures[group] = Object.fromEntries(
      paths.names.map((name) => [name, factFigures((ranks.get(name) ?? []).filter((_, i) => picked[i]))]),
    );
  }
  return {
    profile,
    entries: paths.entries,
    facts_in_memory: inMemory,
    figures,
    latency_ms: Object.fromEntries(paths.names.map((name) => [name, summarize(paths.latencies.get(name) ?? [])])),
    search_fell_back_to_fts: Object.fromEntries(paths.fellBack),
  };
}

export async function measureConversations(
  paths: RecallPaths,
  set: ConversationSet,
): Promise<ConversationResult & Record<string, unknown>> {
  const evidenceInMemory = set.questions.filter((q) =>
    q.evidence_source_ids.some((id) => paths.citedSources.has(id)),
  ).length;
  progress(
    `conversation ${set.name}: ${paths.entries} entries; evidence of ${evidenceInMemory}/${set.questions.length} questions in Memory`,
  );
  const judged = new Map(paths.names.map((name) => [name, [] as ConversationJudged[]]));
  for (const [index, question] of set.questions.entries()) {
    const answers = await paths.recall(question.query);
    const evidence = new Set(question.evidence_source_ids);
    const session = new Set(question.session_source_ids);
    for (const name of paths.names)
      judged.get(name)?.push(judgeConversation(answers.get(name) ?? [], evidence, session));
    if ((index + 1) % 250 === 0) progress(`conversation ${set.name}: asked ${index + 1}/${set.questions.length}`);
  }
  const kinds = set.questions.map((q) => q.kind);
  const groups: ReadonlyArray<[string, (i: number) => boolean]> = [
    ["work details", (i) => kinds[i] === "work"],
    ["personal details", (i) => kinds[i] === "personal"],
    ["all", () => true],
  ];
  const figures: ConversationResult["figures"] = {};
  for (const [group, belongs] of groups)
    figures[group] = Object.fromEntries(
      paths.names.map((name) => [name, conversationFigures((judged.get(name) ?? []).filter((_, i) => belongs(i)))]),
    );
  return {
    set: set.name,
    profile: CONVERSATION_PROFILE,
    entries: paths.entries,
    questions_with_evidence_in_memory: evidenceInMemory,
    figures,
    latency_ms: Object.fromEntries(paths.names.map((name) => [name, summarize(paths.latencies.get(name) ?? [])])),
  };
}
