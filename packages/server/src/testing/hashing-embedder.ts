// A deterministic embedder for tests: each analyzed term of a text adds ±1 to one of `dimensions` buckets chosen by
// its sha256. Texts sharing terms point the same way; no network, no model.
import { createHash } from "node:crypto";
import type { Embedder } from "../search/embeddings/types.ts";
import { analyze } from "../search/analyze.ts";

export function createHashingEmbedder({ dimensions = 64 }: { dimensions?: number } = {}): Embedder & {
  calls: number;
} {
  const embedder = {
    name: "hashing",
    calls: 0,
    async embed(texts: readonly string[]) {
      embedder.calls += 1;
      return { status: "ok" as const, vectors: texts.map((text) => hashVector(text, dimensions)) };
    },
  };
  return embedder;
}

function hashVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const term of analyze(text)) {
    const digest = createHash("sha256").update(term).digest();
    const bucket = digest.readUInt32BE(0) % dimensions;
    vector[bucket] = (vector[bucket] as number) + ((digest[4] as number) & 1 ? 1 : -1);
  }
  return vector;
}
