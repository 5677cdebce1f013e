import assert from "node:assert/strict";
import { test } from "node:test";
import { isDigestOrId, isRandomLooking, isWordLike, shannonEntropy } from "./entropy.ts";

test("shannon entropy is measured in bits per character", () => {
  const cases: [string, number][] = [
    ["", 0],
    ["aaaa", 0],
    ["abab", 1],
    ["abcd", 2],
    ["0123456789abcdef", 4],
  ];
  for (const [text, bits] of cases) assert.equal(shannonEntropy(text), bits, text);
});

test("machine-generated tokens look random; words, digests, ids and short strings do not", () => {
  const cases: [string, boolean][] = [
    ["a8Fk3LmQ9zR2tY7wX1cV5bN0", true],
    ["Zx9vQ2mR7tL4pK8sN3bW6yH1cF5dJ0gA", true],
    ["q7OzX2+bT5/kLm9PwR3sYv8=", true],
    ["a8Fk3LmQ9zR2", false],
    ["getUserAccountSettingsHandlerFactory", false],
    ["addInt32PrefixedString", false],
    ["KMS_NotFoundException", false],
    ["abcdefghijklmnopqrstuvwxyzabcdef", false],
    ["3f2a9c1b7d4e8f0a6b5c2d1e9f8a7b6c5d4e3f2a", false],
    ["0f8e4b6a-1c2d-4e3f-9a8b-7c6d5e4f3a2b", false],
    ["sha512-Q2hhbmdlZCBieSB0aGUgbG9ja2ZpbGUgdG9vbA==", false],
    ["the quick brown fox jumps over", false],
    ["x".repeat(2000), false],
  ];
  for (const [text, expected] of cases) assert.equal(isRandomLooking(text), expected, text);
});

test("digests, UUIDs and integrity strings are recognised as identifiers", () => {
  const cases: [string, boolean][] = [
    ["e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", true],
    ["0F8E4B6A-1C2D-4E3F-9A8B-7C6D5E4F3A2B", true],
    ["sha256:e3b0c44298fc1c149afbf4c8996fb924", true],
    ["a8Fk3LmQ9zR2tY7wX1cV5bN0", false],
  ];
  for (const [text, expected] of cases) assert.equal(isDigestOrId(text), expected, text);
});

test("values made of words are word-like", () => {
  const cases: [string, boolean][] = [
    ["CreateOAuth2Token", true],
    ["x-aws-ec2-metadata-token", true],
    ["my_secret_value", true],
    ["aB3dE5fG7hJ9kL1m", false],
    ["hunter2", true],
    ["Tr0ub4dor", false],
    ["", false],
  ];
  for (const [text, expected] of cases) assert.equal(isWordLike(text), expected, text);
});
