import assert from "node:assert/strict";
import { test } from "node:test";
import { termSetSimilarity } from "../../search/analyze.ts";
import { NearDuplicateFilter } from "./near-duplicates.ts";

/** The filter as a list of term sets compared one by one. */
function admitByPairs(texts: readonly string[], threshold: number): boolean[] {
  const kept: Array<Set<string>> = [];
  return texts.map((text) => {
    const terms = new Set(text.split(" "));
    if (kept.some((other) => termSetSimilarity(other, terms) >= threshold)) return false;
    kept.push(terms);
    return true;
  });
}

test("admits what pairwise term-set similarity admits, repeated terms and rejected texts included", () => {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const vocabulary = ["deploy", "make", "target", "cach", "ttl", "bill", "api", "timeout", "x", ""];
  for (let round = 0; round < 200; round += 1) {
    const texts = Array.from({ length: 12 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 6) }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(
        " ",
      ),
    );
    for (const threshold of [0.5, 0.8, 1]) {
      const filter = new NearDuplicateFilter(threshold);
      assert.deepEqual(
        texts.map((text) => filter.admit(text)),
        admitByPairs(texts, threshold),
        `${threshold} ${JSON.stringify(texts)}`,
      );
    }
  }
});

test("a text four fifths like a kept one is a near duplicate at 0.8", () => {
  const filter = new NearDuplicateFilter(0.8);
  assert.equal(filter.admit("a b c d e"), true);
  assert.equal(filter.admit("a b c d"), false);
  assert.equal(filter.admit("a b c f"), true);
});
