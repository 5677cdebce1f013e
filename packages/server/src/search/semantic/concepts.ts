// Which lexicon concepts a text speaks of: a concept is named when any of its members or everyday words occurs,
// compared as analyzer terms (stemmed, identifiers split), so "installing dependencies" and "pnpm" both name the
// package-manager concept. Used by recall to credit an entry that is about what the prompt asks about.
import { analyze } from "../analyze.ts";
import { CONCEPTS } from "./concept-lexicon.ts";

/** Longest trigger in analyzer terms ("amazon web services" is three). */
const MAX_TRIGGER_TERMS = 3;

/** Each trigger (its analyzer terms joined by spaces) with the concepts it names. */
const TRIGGERS: ReadonlyMap<string, readonly number[]> = buildTriggers();

function buildTriggers(): Map<string, number[]> {
  const triggers = new Map<string, number[]>();
  // Lexicon entries with the same everyday words are one concept, split over several entries only for length.
  const idOfCategory = new Map<string, number>();
  for (const [index, concept] of CONCEPTS.entries()) {
    const category = concept.category.join(" ");
    const id = idOfCategory.get(category) ?? index;
    idOfCategory.set(category, id);
    for (const word of [...concept.members, ...concept.category]) {
      const key = analyze(word).join(" ");
      if (key === "") continue;
      const ids = triggers.get(key) ?? [];
      if (!ids.includes(id)) ids.push(id);
      triggers.set(key, ids);
    }
  }
  return triggers;
}

/** The concept ids `text` names, ascending, without repeats. */
export function conceptsOf(text: string): number[] {
  const terms = analyze(text);
  const found = new Set<number>();
  for (let at = 0; at < terms.length; at += 1) {
    let key = "";
    for (let length = 1; length <= MAX_TRIGGER_TERMS && at + length <= terms.length; length += 1) {
      key = length === 1 ? (terms[at] as string) : `${key} ${terms[at + length - 1]}`;
      for (const id of TRIGGERS.get(key) ?? []) found.add(id);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** Share of `asked`'s concepts that `held` also names, in [0, 1]; 0 when `asked` names none. Both ascending. */
export function conceptOverlap(asked: readonly number[], held: ArrayLike<number>): number {
  if (asked.length === 0) return 0;
  let shared = 0;
  let j = 0;
  for (const id of asked) {
    while (j < held.length && (held[j] as number) < id) j += 1;
    if (j < held.length && held[j] === id) shared += 1;
  }
  return shared / asked.length;
}
