import assert from "node:assert/strict";
import { test } from "node:test";
import { cosineSimilarity, fuseRankings, RRF_K } from "./fuse.ts";

const rrf = (...ranks: number[]) => ranks.reduce((sum, rank) => sum + 1 / (RRF_K + rank), 0);

const FUSION_CASES: Array<[string, string[][], Array<[string, number]>]> = [
  ["no rankings fuse to nothing", [], []],
  [
    "one ranking keeps its order",
    [["a", "b", "c"]],
    [
      ["a", rrf(1)],
      ["b", rrf(2)],
      ["c", rrf(3)],
    ],
  ],
  [
    "an item in both rankings beats an item first in one",
    [
      ["a", "b"],
      ["b", "c"],
    ],
    [
      ["b", rrf(2, 1)],
      ["a", rrf(1)],
      ["c", rrf(2)],
    ],
  ],
  [
    "equal fused scores keep the first ranking's order",
    [
      ["a", "b"],
      ["b", "a"],
    ],
    [
      ["a", rrf(1, 2)],
      ["b", rrf(2, 1)],
    ],
  ],
  [
    "an empty ranking changes nothing",
    [["x", "y"], []],
    [
      ["x", rrf(1)],
      ["y", rrf(2)],
    ],
  ],
  [
    "items only in the second ranking follow by their rank there",
    [["a"], ["c", "d", "a"]],
    [
      ["a", rrf(1, 3)],
      ["c", rrf(1)],
      ["d", rrf(2)],
    ],
  ],
];

for (const [name, rankings, expected] of FUSION_CASES) {
  test(`reciprocal-rank fusion: ${name}`, () => {
    const fused = fuseRankings(rankings);
    assert.deepEqual(
      fused.map(({ id }) => id),
      expected.map(([id]) => id),
    );
    for (const [i, [, score]] of expected.entries()) assert.ok(Math.abs((fused[i]?.score ?? 0) - score) < 1e-12);
  });
}

const COSINE_CASES: Array<[string, number[], number[], number]> = [
  ["same direction", [1, 2, 3], [2, 4, 6], 1],
  ["opposite", [1, 0], [-1, 0], -1],
  ["orthogonal", [1, 0], [0, 5], 0],
  ["a zero vector", [0, 0], [1, 1], 0],
  ["different lengths", [1, 2], [1, 2, 3], 0],
];

for (const [name, a, b, expected] of COSINE_CASES) {
  test(`cosine similarity: ${name}`, () => {
    assert.ok(Math.abs(cosineSimilarity(a, b) - expected) < 1e-12);
  });
}
