// How well an entry's best passage (one or two consecutive sentences of its prose) covers the prompt's terms, each
// term weighted by its rarity. A long turn that answers the question in one sentence, beside pasted output or other
// talk, is then judged by that sentence rather than diluted by the rest: BM25 divides by the whole entry's length.
import { analyze } from "./analyze.ts";
import { isPastedLine } from "./prompt-parts.ts";
import { sentencesOf } from "./sentences.ts";

/** Sentences per passage. */
const WINDOW = 2;

/**
 * How many times its rarity a name the prompt says weighs ("Lena" of "What breed is Lena's dog?"). A name is what the
 * question is about, yet it is common where that person or thing is talked about often: in a long chat between two
 * friends every turn of one of them holds her name, and rarity alone would let any other friend's turn about a dog
 * outrank hers. Chosen on the conversation sets (docs/benchmarks.md).
 */
export const NAME_EMPHASIS = 3;

/**
 * Each prompt term's weight by its rarity in the scope (`frequencies`: how many entries hold it), relative to the
 * prompt's most common term: the scope's size is not needed to rank the prompt's terms. The terms of `names` (names
 * the prompt says) weigh NAME_EMPHASIS times more.
 */
export function rarityWeights(
  terms: readonly string[],
  frequencies: ReadonlyMap<string, number>,
  names: ReadonlySet<string> = new Set(),
): Map<string, number> {
  let most = 1;
  for (const term of terms) most = Math.max(most, frequencies.get(term) ?? 0);
  return new Map(
    terms.map((term) => {
      const rarity = Math.log(1 + (most + 1) / (1 + (frequencies.get(term) ?? 0)));
      return [term, names.has(term) ? NAME_EMPHASIS * rarity : rarity];
    }),
  );
}

/**
 * The largest weighted share of `weights`' terms found in any passage of `text`, in [0, 1] (0 without terms).
 * `weights` maps each prompt term (analyzer output) to its weight.
 */
export function bestPassageCoverage(text: string, weights: ReadonlyMap<string, number>): number {
  return passageCoverage(sentenceTerms(text, weights), weights);
}

/** The terms of `wanted` each prose sentence of `text` holds, in order (pasted lines left out). */
export function sentenceTerms(text: string, wanted: ReadonlyMap<string, unknown>): Array<Set<string>> {
  return sentencesOf(text)
    .filter((sentence) => !isPastedLine(sentence))
    .map((sentence) => new Set(analyze(sentence).filter((term) => wanted.has(term))));
}

/** The largest weighted share of `weights`' terms that a passage of the `sentences` (from `sentenceTerms`) holds. */
export function passageCoverage(
  sentences: ReadonlyArray<ReadonlySet<string>>,
  weights: ReadonlyMap<string, number>,
): number {
  let total = 0;
  for (const weight of weights.values()) total += weight;
  if (total === 0) return 0;
  let best = 0;
  for (let start = 0; start < sentences.length; start += 1) {
    const found = new Set<string>();
    for (let at = start; at < Math.min(sentences.length, start + WINDOW); at += 1)
      for (const term of sentences[at] as ReadonlySet<string>) found.add(term);
    let covered = 0;
    for (const term of found) covered += weights.get(term) ?? 0;
    best = Math.max(best, covered / total);
  }
  return best;
}
