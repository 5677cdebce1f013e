// Which lexicon concepts a text speaks of: a concept is named when one of its asking phrases or members occurs,
// compared as analyzer terms (stemmed, identifiers split), so "installing dependencies" and "pnpm" both name the
// package-manager concept. A phrase that ends in a doer noun also matches with that noun's verb ("bug tracker" names
// the concept in "bug tracking" too). Used by recall to credit an entry that is about what the prompt asks about.
import { analyze } from "../analyze.ts";
import { CONCEPTS } from "./lexicon/index.ts";

const PLAIN_WORD = /^[a-z]+$/;
/** A doer noun the stemmer leaves whole ("tracker", "runner"): its verb is what precedes "er". */
const DOER_NOUN = /^[a-z]{3,}er$/;
/** A doer noun the stemmer cut to a doubled consonant ("formatter" → "formatt"), which a verb never ends in. */
const DOUBLED_STEM = /^[a-z]{3,}([bdgmnprt])\1$/;
const DOUBLED_END = /([bdgmnprt])\1$/;
/** Longest trigger in analyzer terms ("amazon web services" is three). */
const MAX_TRIGGER_TERMS = 3;

/**
 * Share of an asked concept's credit that an entry earns by naming a related concept instead (Concept.related): enough
 * to lift an entry that names only the related concept above one that names nothing, never as much as naming the asked
 * concept itself. Chosen on the quality benchmark (docs/benchmarks.md).
 */
export const RELATED_SHARE = 0.5;

/** Each trigger (its analyzer terms joined by spaces) with the concepts it names. */
const TRIGGERS: ReadonlyMap<string, readonly number[]> = buildTriggers();

function buildTriggers(): Map<string, number[]> {
  const triggers = new Map<string, number[]>();
  for (const [id, concept] of CONCEPTS.entries()) {
    for (const phrase of [...concept.asked, ...concept.members]) {
      for (const trigger of triggerKeys(phrase)) {
        const ids = triggers.get(trigger) ?? [];
        if (!ids.includes(id)) ids.push(id);
        triggers.set(trigger, ids);
      }
    }
  }
  return triggers;
}

/** The runs of analyzer terms (joined by spaces) that name a phrase's concepts wherever they occur in a text. */
export function triggerKeys(phrase: string): string[] {
  const terms = analyze(phrase).slice(0, MAX_TRIGGER_TERMS);
  const key = terms.join(" ");
  if (key === "") return [];
  // A one-word name is stemmed ("launchdarkly" → "launchdarkli"), but its CamelCase spelling ("LaunchDarkly")
  // analyzes to its unstemmed joined form first: both must name the concept.
  const joined = PLAIN_WORD.test(phrase) && key !== phrase ? [phrase] : [];
  return [key, ...joined, ...verbPhrase(terms)];
}

/**
 * The phrase with its last word, a doer noun, turned into that noun's verb stem: "code formatter" → "code format" (so
 * "code formatted" matches), "bug tracker" → "bug track", "test runner" → "test run". Only phrases: the verb alone
 * ("format", "run", "track") is everyday English and would name the concept in unrelated talk.
 */
function verbPhrase(terms: readonly string[]): string[] {
  const last = terms.at(-1) ?? "";
  if (terms.length < 2 || !(DOER_NOUN.test(last) || DOUBLED_STEM.test(last))) return [];
  const verb = (DOER_NOUN.test(last) ? last.slice(0, -2) : last).replace(DOUBLED_END, "$1");
  return [[...terms.slice(0, -1), verb].join(" ")];
}

/** For each concept id, the ids of its related concepts (both directions of every listed relation), ascending. */
export const RELATED: readonly (readonly number[])[] = buildRelated();

function buildRelated(): number[][] {
  const idOf = new Map(CONCEPTS.map((concept, id) => [concept.name, id]));
  const related = CONCEPTS.map(() => new Set<number>());
  for (const [id, concept] of CONCEPTS.entries())
    for (const name of concept.related) {
      const other = idOf.get(name);
      if (other === undefined || other === id) continue;
      related[id]?.add(other);
      related[other]?.add(id);
    }
  return related.map((ids) => [...ids].sort((a, b) => a - b));
}

/** Each run of `terms` that is a trigger, in order: where it starts, how many terms it spans, the concepts it names. */
function* triggerRuns(terms: readonly string[]): Generator<{ at: number; length: number; ids: readonly number[] }> {
  for (let at = 0; at < terms.length; at += 1) {
    let key = "";
    for (let length = 1; length <= MAX_TRIGGER_TERMS && at + length <= terms.length; length += 1) {
      key = length === 1 ? (terms[at] as string) : `${key} ${terms[at + length - 1]}`;
      const ids = TRIGGERS.get(key);
      if (ids !== undefined) yield { at, length, ids };
    }
  }
}

/** The concept ids `text` names, ascending, without repeats. */
export function conceptsOf(text: string): number[] {
  const found = new Set<number>();
  for (const { ids } of triggerRuns(analyze(text))) for (const id of ids) found.add(id);
  return [...found].sort((a, b) => a - b);
}

/**
 * The analyzer terms of `text` that belong to a run naming a lexicon concept ("docker" of "What Docker image…",
 * "code" and "style" of "code style").
 */
export function conceptTermsOf(text: string): Set<string> {
  const terms = analyze(text);
  const found = new Set<string>();
  for (const { at, length } of triggerRuns(terms)) for (const term of terms.slice(at, at + length)) found.add(term);
  return found;
}

/**
 * Share of `asked`'s concepts that `held` also names, in [0, 1], each concept counted by its weight (rarer concepts
 * weigh more: see ScopeRows.conceptWeights); an asked concept the entry does not name but that it names a related
 * concept of counts `RELATED_SHARE` of its weight. 0 when `asked` names none. `asked` and `held` ascending.
 */
export function conceptOverlap(asked: readonly number[], held: ArrayLike<number>, weights?: ArrayLike<number>): number {
  if (asked.length === 0) return 0;
  let shared = 0;
  let total = 0;
  // Both lists ascend, so one walk along `held` serves every asked concept.
  let at = 0;
  for (const [k, id] of asked.entries()) {
    const weight = weights === undefined ? 1 : (weights[k] as number);
    total += weight;
    while (at < held.length && (held[at] as number) < id) at += 1;
    if (at < held.length && held[at] === id) shared += weight;
    else if (meets(RELATED[id] ?? [], held)) shared += RELATED_SHARE * weight;
  }
  return total > 0 ? shared / total : 0;
}

/** Whether two ascending lists share an id, walking both once. */
function meets(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i] as number;
    const right = b[j] as number;
    if (left === right) return true;
    if (left < right) i += 1;
    else j += 1;
  }
  return false;
}
