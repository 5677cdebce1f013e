// How text is cut into the words that the built-in word vectors know: lowercase, identifiers split at case changes,
// and the longest known phrase first ("on call", "github actions") so that a phrase counts as one word.

/** Longest phrase (in words) that the vocabulary may hold. */
export const MAX_PHRASE_WORDS = 3;
const CASE_BOUNDARY = /(\p{Ll})(\p{Lu})|(\p{Lu})(\p{Lu}\p{Ll})/gu;
// A word may hold inner `.`, `-`, `_` or `#` ("next.js", "on-call", "pg_dump", "c#") and may start with a dot (".env").
const WORD = /\.?[\p{L}\p{N}#]+(?:[._-][\p{L}\p{N}#]+)*#?/gu;
const INNER_SEPARATOR = /[._-]/;

/** The words of `text` in order, lowercased, each a vocabulary candidate (see `knownWords`). */
export function embeddingWords(text: string): string[] {
  const spaced = text.normalize("NFKC").replace(CASE_BOUNDARY, "$1$3 $2$4");
  return spaced.toLowerCase().match(WORD) ?? [];
}

/**
 * The vocabulary rows of `words`: at each position the longest phrase of up to MAX_PHRASE_WORDS words that `rowOf`
 * knows, else the word whole, else its parts split at `.`, `-` and `_` (each part looked up on its own).
 */
export function knownRows(words: readonly string[], rowOf: { get(word: string): number | undefined }): number[] {
  const rows: number[] = [];
  let at = 0;
  while (at < words.length) {
    let matched = 0;
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - at); length >= 2; length -= 1) {
      const row = rowOf.get(words.slice(at, at + length).join(" "));
      if (row !== undefined) {
        rows.push(row);
        matched = length;
        break;
      }
    }
    if (matched > 0) {
      at += matched;
      continue;
    }
    const word = words[at] as string;
    const row = rowOf.get(word);
    if (row !== undefined) rows.push(row);
    else if (INNER_SEPARATOR.test(word)) {
      for (const part of word.split(INNER_SEPARATOR)) {
        const partRow = rowOf.get(part);
        if (partRow !== undefined) rows.push(partRow);
      }
    }
    at += 1;
  }
  return rows;
}
