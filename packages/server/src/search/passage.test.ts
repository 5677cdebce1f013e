import assert from "node:assert/strict";
import { test } from "node:test";
import { analyze } from "./analyze.ts";
import { bestPassageCoverage, NAME_EMPHASIS, rarityWeights } from "./passage.ts";

const weightsOf = (entries: Array<[string, number]>) =>
  new Map(entries.map(([word, weight]) => [analyze(word)[0] as string, weight]));

test("a turn is judged by its best passage, not diluted by pasted output or other talk", () => {
  const weights = weightsOf([
    ["reviewing", 1],
    ["flaky", 2],
    ["calculator", 2],
  ]);
  const turn = [
    "how would you test the retry plugin here?",
    "I asked Kofi to review the flaky calculator tests once it's green.",
    "here's the output:",
    "2026-03-19T10:01:12Z WARN taxcalc retry=3 flaky=true calculator=down",
  ].join("\n");
  assert.equal(bestPassageCoverage(turn, weights), 1);
  // The terms spread over sentences three apart: no passage of two sentences holds them all.
  const spread = "We talked about reviewing. Then lunch. Then coffee. The flaky calculator is next.";
  assert.equal(bestPassageCoverage(spread, weights), 4 / 5);
  // Pasted lines do not count: the only mention of "reviewing" is in a log line.
  const pasted = "The flaky calculator again.\n2026-03-19T10:01:12Z ERROR reviewing=failed calc.ts:12:3";
  assert.equal(bestPassageCoverage(pasted, weights), 4 / 5);
  assert.equal(bestPassageCoverage(turn, new Map()), 0);
});

test("a name the prompt says weighs NAME_EMPHASIS times its rarity", () => {
  const frequencies = new Map([
    ["lena", 40],
    ["soccer", 2],
  ]);
  const plain = rarityWeights(["lena", "soccer"], frequencies);
  const named = rarityWeights(["lena", "soccer"], frequencies, new Set(["lena"]));
  assert.equal(named.get("lena"), NAME_EMPHASIS * (plain.get("lena") ?? 0));
  assert.equal(named.get("soccer"), plain.get("soccer"));
});
