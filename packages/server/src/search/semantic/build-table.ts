// Turning general English word vectors and the concept lexicon into the built-in table: keep the most frequent plain
// words (function words dropped: they say nothing about meaning and would dominate every mean), add every lexicon
// member (pulled towards its concept's direction, so that "pnpm" lands near "package manager"), turn them onto their
// principal axes, then quantize each row's direction to signed bytes. Pure and deterministic: the build script does the file I/O.
import { STOP_WORDS } from "../analyze.ts";
import { CONCEPTS } from "./lexicon/index.ts";
import { embeddingWords } from "./embedding-words.ts";
import { quantizeInto } from "./entry-signature.ts";
import { principalAxes, rotate } from "./principal-axes.ts";
import type { WordVectorTable } from "./word-vector-file.ts";

/** Plain words kept, most frequent first: enough for everyday English, small enough to load in a few milliseconds. */
export const GENERAL_WORDS = 100_000;
/** Words this frequent keep most of their own meaning when a concept pulls them ("page", "main", "live"). */
const COMMON_RANK = 5000;
const COMMON_PULL = 0.5;
const PLAIN_WORD = /^[a-z][a-z0-9]*$/;

export interface SourceVectors {
  dimensions: number;
  /** Most frequent first. */
  words: readonly string[];
  vectorOf(word: string): readonly number[] | undefined;
}

export function buildWordVectorTable(source: SourceVectors): WordVectorTable {
  const { dimensions } = source;
  const rankOf = new Map(source.words.map((word, rank) => [word, rank]));
  const unitOf = (word: string): Float64Array | null => {
    const vector = source.vectorOf(word);
    return vector === undefined ? null : unit(Float64Array.from(vector));
  };
  const vectors = new Map<string, Float64Array>();
  for (const word of source.words) {
    if (vectors.size >= GENERAL_WORDS) break;
    if (word.length < 2 || !PLAIN_WORD.test(word) || STOP_WORDS.has(word)) continue;
    const vector = unitOf(word);
    if (vector) vectors.set(word, vector);
  }
  for (const [member, pull] of conceptPulls(dimensions, unitOf)) {
    const own = phraseVector(member, dimensions, unitOf);
    const rank = rankOf.get(member) ?? Number.POSITIVE_INFINITY;
    const weight = own === null ? 0 : rank < COMMON_RANK ? 1 / COMMON_PULL : 1;
    const mixed = new Float64Array(dimensions);
    for (let i = 0; i < dimensions; i += 1) mixed[i] = weight * (own?.[i] ?? 0) + (pull[i] as number);
    vectors.set(member, unit(mixed));
  }
  // Turned onto their principal axes (no dot product changes), so that a prefix of each vector carries most of it
  // and the index can pre-select by that prefix (vector-index.ts).
  const axes = principalAxes(vectors.values(), dimensions);
  const words = [...vectors.keys()];
  const rows = new Int8Array(words.length * dimensions);
  for (const [row, word] of words.entries())
    quantizeInto(rotate(vectors.get(word) as Float64Array, axes), rows, row * dimensions);
  return { dimensions, words, rows };
}

/** Each lexicon member (as a vocabulary key) with the sum of the directions of the concepts it belongs to. */
function conceptPulls(dimensions: number, unitOf: (word: string) => Float64Array | null): Map<string, Float64Array> {
  const pulls = new Map<string, Float64Array>();
  for (const concept of CONCEPTS) {
    const direction = new Float64Array(dimensions);
    for (const word of concept.category) add(direction, unitOf(word));
    unit(direction);
    for (const member of concept.members) {
      const key = embeddingWords(member).join(" ");
      if (key === "") continue;
      const pull = pulls.get(key) ?? new Float64Array(dimensions);
      add(pull, direction);
      pulls.set(key, pull);
    }
  }
  return new Map([...pulls].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A word's own direction, or a phrase's mean of its words' directions; null when none is known. */
function phraseVector(
  key: string,
  dimensions: number,
  unitOf: (word: string) => Float64Array | null,
): Float64Array | null {
  const whole = unitOf(key);
  if (whole) return whole;
  const sum = new Float64Array(dimensions);
  let known = 0;
  for (const word of key.split(" ")) {
    const vector = STOP_WORDS.has(word) ? null : unitOf(word);
    if (vector) known += 1;
    add(sum, vector);
  }
  return known === 0 ? null : unit(sum);
}

function add(into: Float64Array, vector: Float64Array | null): void {
  if (vector) for (let i = 0; i < into.length; i += 1) into[i] = (into[i] as number) + (vector[i] as number);
}

/** Scales `vector` to unit length in place (an all-zero vector stays zero) and returns it. */
function unit(vector: Float64Array): Float64Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] as number) / norm;
  return vector;
}
