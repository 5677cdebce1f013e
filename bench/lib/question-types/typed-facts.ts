// The fact half of the question-type set: project facts planted one per chat Source among distractors, and three
// questions per fact (lexical, paraphrase, task). Paraphrases are checked word by word against the Source that states
// the fact; one that shares a content word is dropped and the next candidate tried.
import { pick, random, shuffle, shuffled } from "../dataset.ts";
import { chatNoise, withPastedContext } from "./chat-noise.ts";
import { contentTerms, sharedContentTerms } from "./content-words.ts";
import { PROJECT_COMPONENTS, type ProjectComponent } from "./project-components.ts";
import { INFRA_TOPICS } from "./topics-infra.ts";
import { PROCESS_TOPICS } from "./topics-process.ts";
import { TOOLING_TOPICS } from "./topics-tooling.ts";
import type { ChatSource, FactSlots, FactTopic, TypedFact, TypedQuestion } from "./types.ts";

export const FACT_TOPICS: readonly FactTopic[] = [...TOOLING_TOPICS, ...INFRA_TOPICS, ...PROCESS_TOPICS];

const LEADS = ["", "", "", "OK, ", "Alright, for the record:\n", "Summary of the call:\n- ", "Quick update. "];
const TAILS = ["", "", "", " Ping me if anything is unclear.", " Thanks everyone!", " (see the wiki too)"];

/** Why a generated question was not kept, with the words that decided it. */
export interface DroppedQuestion {
  fact_id: string;
  type: "lexical" | "paraphrase";
  query: string;
  shared: string[];
}

export interface TypedFactSet {
  facts: TypedFact[];
  /** Facts and distractors interleaved, in capture order. */
  sources: ChatSource[];
  questions: TypedQuestion[];
  /** Every candidate refused by the word check; the next candidate for that fact was tried instead. */
  dropped: DroppedQuestion[];
  /** Facts for which no candidate of that type passed, so they have no question of that type. */
  unasked: { lexical: number; paraphrase: number };
}

/**
 * The project-wide variant's one "component": facts are about the codebase as a whole, one per topic, so a
 * paraphrase must find its fact by the topic alone ("Which package manager should I install dependencies with?").
 */
const WHOLE_PROJECT: ProjectComponent = { name: "codebase", slug: "repo", aliases: ["this project", "our product"] };

export function buildTypedFacts({
  seed,
  facts,
  distractors,
  projectWide = false,
}: {
  seed: number;
  facts: number;
  distractors: number;
  /** One fact per topic about the whole project, and every paraphrase candidate that passes the word check asked. */
  projectWide?: boolean;
}): TypedFactSet {
  const next = random(seed);
  const pairs: Array<[ProjectComponent, FactTopic]> = [];
  for (const component of projectWide ? [WHOLE_PROJECT] : PROJECT_COMPONENTS)
    for (const topic of FACT_TOPICS) pairs.push([component, topic]);
  shuffle(next, pairs);
  if (facts > pairs.length && !projectWide) throw new Error(`at most ${pairs.length} facts (components × topics)`);
  const planted: TypedFact[] = [];
  const questions: TypedQuestion[] = [];
  const dropped: DroppedQuestion[] = [];
  const unasked = { lexical: 0, paraphrase: 0 };
  for (const [index, [component, topic]] of pairs.slice(0, facts).entries()) {
    const value = pick(next, topic.values);
    const others = topic.others.filter((other) => other !== value);
    const slots: FactSlots = { component: component.name, slug: component.slug, value, other: pick(next, others) };
    const id = `fact-${String(index).padStart(4, "0")}`;
    const content = `${pick(next, LEADS)}${pick(next, topic.statements)(slots)}${pick(next, TAILS)}`;
    planted.push({ id, topic: topic.name, source_id: `src-${id}`, content });

    // Lexical: must share a word of the fact beyond the component's name, the word a person would search by.
    const componentTerms = contentTerms(`${component.name} ${component.slug}`);
    const lexical = firstAccepted(
      shuffled(
        next,
        topic.lexical.map((template) => template(slots)),
      ),
      (query) => sharedContentTerms(query, content).filter((term) => !componentTerms.has(term)),
      (shared) => shared.length > 0,
      (query, shared) => dropped.push({ fact_id: id, type: "lexical", query, shared }),
    );
    if (lexical === null) unasked.lexical += 1;
    else questions.push({ fact_id: id, type: "lexical", shape: "short", query: lexical });

    const candidates = topic.paraphrase.flatMap((template) => component.aliases.map((alias) => template(alias)));
    if (projectWide) {
      for (const query of candidates) {
        const shared = sharedContentTerms(query, content);
        if (shared.length > 0) dropped.push({ fact_id: id, type: "paraphrase", query, shared });
        else questions.push({ fact_id: id, type: "paraphrase", shape: "short", query: capitalized(query) });
      }
    } else {
      const paraphrase = firstAccepted(
        shuffled(next, candidates),
        (query) => sharedContentTerms(query, content),
        (shared) => shared.length === 0,
        (query, shared) => dropped.push({ fact_id: id, type: "paraphrase", query, shared }),
      );
      if (paraphrase === null) unasked.paraphrase += 1;
      else questions.push({ fact_id: id, type: "paraphrase", shape: "short", query: capitalized(paraphrase) });
    }

    const task = pick(next, topic.tasks)(slots);
    const long = next() < 0.5;
    questions.push({
      fact_id: id,
      type: "task",
      shape: long ? "long" : "short",
      query: long ? withPastedContext(next, task) : task,
    });
  }
  return { facts: planted, sources: interleave(next, planted, distractors), questions, dropped, unasked };
}

/** The first candidate whose shared words pass `accepts`; every refused one is reported to `refuse`. */
function firstAccepted(
  candidates: readonly string[],
  sharedOf: (query: string) => string[],
  accepts: (shared: string[]) => boolean,
  refuse: (query: string, shared: string[]) => void,
): string | null {
  for (const query of candidates) {
    const shared = sharedOf(query);
    if (accepts(shared)) return query;
    refuse(query, shared);
  }
  return null;
}

/** Spreads the fact Sources evenly through `distractors` noise Sources. */
function interleave(next: () => number, facts: readonly TypedFact[], distractors: number): ChatSource[] {
  const sources: ChatSource[] = [];
  const total = facts.length + distractors;
  let factIndex = 0;
  for (let i = 0; i < total; i += 1) {
    const fact = facts[factIndex];
    if (fact !== undefined && Math.floor((i * facts.length) / total) >= factIndex) {
      sources.push({ source_id: fact.source_id, content: fact.content });
      factIndex += 1;
      continue;
    }
    sources.push({ source_id: `src-noise-${String(i).padStart(6, "0")}`, content: chatNoise(next) });
  }
  return sources;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
