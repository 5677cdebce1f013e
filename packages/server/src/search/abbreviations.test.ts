import assert from "node:assert/strict";
import { test } from "node:test";
import { abbreviationCandidates, expandedText, promptAbbreviations } from "./abbreviations.ts";
import { analyze } from "./analyze.ts";

const term = (word: string) => analyze(word)[0] as string;

test("a pair of adjacent words yields its run-together short names, prefixes of each word", () => {
  const candidates = abbreviationCandidates(
    "How do we branch in the tax calculator, the shipping quotes or the status page?",
  );
  for (const name of ["taxcalc", "shipq", "statuspage", "taxc"]) assert.ok(candidates.has(term(name)), name);
  assert.equal(candidates.get("taxcalc")?.words, "tax calculator");
  // A stop word is no part of a name, and a comma or full stop ends a pair.
  assert.ok(![...candidates.keys()].some((key) => key.startsWith("thet") || key.startsWith("inth")));
  assert.ok(!candidates.has(term("calculatorth")));
  // Shorter than four letters, or one word alone, is not a name.
  assert.ok(!candidates.has("tc") && !candidates.has("tax"));
});

test("only names the index holds and that are not plain words are kept, rarest first", async () => {
  const counts = new Map([
    ["taxcalc", 3],
    [term("statuspage"), 1],
    [term("database"), 50],
  ]);
  let reads = 0;
  const store = {
    termFrequencies: async (_scope: string, terms: string[]) => {
      reads += 1;
      return new Map(terms.map((t) => [t, counts.get(t) ?? 0]));
    },
  };
  const text = "tax calculator and status page, data base";
  const options = { isWord: (name: string) => name === "database", max: 4, alsoRead: ["page"] };
  const found = await promptAbbreviations(store, "s", abbreviationCandidates(text), [], options);
  assert.deepEqual(found?.names, [term("statuspage"), "taxcalc"]);
  assert.equal(found?.words.get("taxcalc"), "tax calculator");
  assert.ok(found?.frequencies.has("page"));
  assert.equal(reads, 1);
  // A name already among the prompt's terms is not added again; no pair, no read.
  assert.deepEqual((await promptAbbreviations(store, "s", abbreviationCandidates(text), ["taxcalc"], options))?.names, [
    term("statuspage"),
  ]);
  assert.equal(await promptAbbreviations(store, "s", abbreviationCandidates("taxcalc"), [], options), null);
});

test("an entry using a short name reads, for meaning, as if it also said the words", () => {
  const expansions = new Map([["taxcalc", "tax calculator"]]);
  assert.equal(
    expandedText("We name taxcalc branches by ticket.", expansions),
    "We name taxcalc branches by ticket.\ntax calculator",
  );
  assert.equal(expandedText("The tax calculator is slow.", expansions), null);
});
