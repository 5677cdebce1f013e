import assert from "node:assert/strict";
import { test } from "node:test";
import { WordLookup } from "./word-lookup.ts";

test("every word is found at its row, and nothing else is found", () => {
  const words = ["the", "pnpm", "on call", "a", "zebra", "café", "npm", "pnpm", "ab", "abc"];
  const lookup = new WordLookup(words);
  for (const [row, word] of words.entries()) {
    assert.equal(lookup.get(word), words.indexOf(word), word);
    assert.equal(lookup.wordAt(row), word);
  }
  for (const missing of ["", "b", "on", "on calls", "pnp", "abcd", "zebras", "cafe"])
    assert.equal(lookup.get(missing), undefined);
  assert.equal(lookup.size, words.length);
});

test("lookups agree with a Map over many words", () => {
  const words = Array.from({ length: 5000 }, (_, i) => (i * 7919).toString(36));
  const lookup = new WordLookup(words);
  const map = new Map<string, number>();
  for (const [row, word] of words.entries()) if (!map.has(word)) map.set(word, row);
  for (const word of [...words, "zz", "0", "-1"]) assert.equal(lookup.get(word), map.get(word));
});
