// How close in meaning an entry is to a prompt, from the built-in model: the meaning score mixes the cosine of their
// mean word directions with how well the entry's words cover the prompt's words one by one (each prompt word counts
// by its most similar entry word, so "bookkeeping" is covered by "ledger" even when the rest of the texts differ);
// the concept score is the share of the prompt's lexicon concepts the entry names ("package manager" and "pnpm").
import { conceptOverlap } from "./concepts.ts";
import type { EntryTerms } from "./scope-rows.ts";
import type { QueryProfile, SemanticModel } from "./word-vector-model.ts";

export interface SemanticMix {
  /** Weights of the mean cosine and the word coverage in the meaning score; they sum to 1. */
  mean: number;
  words: number;
  /** A word pair less similar than this covers nothing (unrelated words are rarely below 0.2 in these vectors). */
  wordFloor: number;
}

/** Scores entries against one prompt, remembering each entry word's similarity to the prompt's words. */
export class SemanticScorer {
  readonly #profile: QueryProfile;
  readonly #model: SemanticModel;
  readonly #mix: SemanticMix;
  readonly #conceptWeights: Float32Array | undefined;
  /** For each table row met so far, its clipped similarity to each prompt word. */
  readonly #rowCover = new Map<number, Float32Array>();

  /** `conceptWeights`: of each of the prompt's concepts, in the scope scored (VectorIndex.related); equal without. */
  constructor(model: SemanticModel, profile: QueryProfile, mix: SemanticMix, conceptWeights?: Float32Array) {
    this.#model = model;
    this.#profile = profile;
    this.#mix = mix;
    this.#conceptWeights = conceptWeights;
  }

  /**
   * `meaning`: the mixed mean cosine and word coverage, in [0, 1]; `concepts`: the weighted share of the prompt's
   * lexicon concepts the entry names, in [0, 1].
   */
  score(signature: EntryTerms, meanSimilarity: number): { meaning: number; concepts: number } {
    const mix = this.#mix;
    const mean = Math.max(0, meanSimilarity);
    const words = mix.words > 0 ? this.#coverage(signature.words) : 0;
    const concepts = conceptOverlap(this.#profile.concepts, signature.concepts, this.#conceptWeights);
    return { meaning: mix.mean * mean + mix.words * words, concepts };
  }

  #coverage(rows: Uint32Array): number {
    const asked = this.#profile.words.length;
    if (asked === 0 || rows.length === 0) return 0;
    const best = new Float32Array(asked);
    for (const row of rows) {
      const cover = this.#coverOf(row);
      for (let q = 0; q < asked; q += 1) if ((cover[q] as number) > (best[q] as number)) best[q] = cover[q] as number;
    }
    let sum = 0;
    for (const value of best) sum += value;
    return sum / asked;
  }

  #coverOf(row: number): Float32Array {
    const known = this.#rowCover.get(row);
    if (known) return known;
    const floor = this.#mix.wordFloor;
    const cover = new Float32Array(this.#profile.words.length);
    for (const [q, word] of this.#profile.words.entries()) {
      const dot = this.#model.dotRow(row, word);
      cover[q] = dot > floor ? (dot - floor) / (1 - floor) : 0;
    }
    this.#rowCover.set(row, cover);
    return cover;
  }
}
