// The details a statement pins down: names, numbers, versions, identifiers. Two statements that share nearly all their
// words but name another person, port or version say different things ("Priya is reviewing the billing migration"
// against "Kofi is reviewing the billing migration"), so they are never near duplicates of each other.
import { STOP_WORDS } from "../../search/analyze.ts";

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}._/:@#-]*[\p{L}\p{N}])?/gu;
/** A word with a digit (ports, versions, dates), or code-like inner punctuation (`api.v2`, `snake_case`, `a/b`). */
const CODE_LIKE = /\d|[\p{L}\p{N}][._/:@#-][\p{L}\p{N}]/u;

interface Words {
  all: Set<string>;
  /** Capitalized (wherever they stand: a name often starts the sentence) or code-like words, not stop words. */
  details: Set<string>;
}

function wordsOf(text: string): Words {
  const words: Words = { all: new Set(), details: new Set() };
  for (const [word] of text.matchAll(WORD)) {
    const lower = word.toLowerCase();
    words.all.add(lower);
    if ((/^\p{Lu}/u.test(word) || CODE_LIKE.test(word)) && !STOP_WORDS.has(lower)) words.details.add(lower);
  }
  return words;
}

/** Whether each statement's details all appear in the other (in any case), i.e. neither names something new. */
export function sameDetails(left: string, right: string): boolean {
  const a = wordsOf(left);
  const b = wordsOf(right);
  for (const detail of a.details) if (!b.all.has(detail)) return false;
  for (const detail of b.details) if (!a.all.has(detail)) return false;
  return true;
}
