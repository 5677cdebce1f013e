import assert from "node:assert/strict";
import { test } from "node:test";
import type { MemorySearchHit } from "../store/types.ts";
import { rankHits, requiredMatches } from "./rank.ts";

function hit(id: string, kind: string, relevance: number, written: number, searchText: string): MemorySearchHit {
  return {
    entry: {
      citation: { memory_ref: { family: "memory", artifact_id: "memory", revision: 10 }, entry_id: id, entry_version_id: `v${id}` },
      version: 1,
      kind,
      text: searchText,
      state: "active",
      source_refs: [],
      artifact_refs: [],
    },
    relevance,
    written_revision: written,
    search_text: searchText,
  };
}

test("equal relevance: the more recent entry ranks first", () => {
  const ranked = rankHits([hit("a", "fact", 1, 1, "deploy make"), hit("b", "fact", 1, 10, "deploy make")], ["deploy", "make"], 10);
  assert.deepEqual(ranked.map((r) => r.hit.entry.citation.entry_id), ["b", "a"]);
});

test("equal relevance and age: a constraint outranks a fact", () => {
  const ranked = rankHits([hit("a", "fact", 1, 5, "deploy"), hit("b", "constraint", 1, 5, "deploy")], ["deploy"], 10);
  assert.deepEqual(ranked.map((r) => r.hit.entry.citation.entry_id), ["b", "a"]);
});

test("relevance dominates kind and recency", () => {
  const ranked = rankHits([hit("a", "fact", 3, 1, "deploy make"), hit("b", "constraint", 1, 10, "deploy make")], ["deploy", "make"], 10);
  assert.deepEqual(ranked.map((r) => r.hit.entry.citation.entry_id), ["a", "b"]);
  assert.ok(ranked.every((r) => r.score >= 0 && r.score <= 1));
});

test("long queries need two shared terms; short ones need one", () => {
  assert.equal(requiredMatches(1), 1);
  assert.equal(requiredMatches(3), 1);
  assert.equal(requiredMatches(4), 2);
  const ranked = rankHits([hit("a", "fact", 1, 1, "deploy"), hit("b", "fact", 1, 1, "deploy make")], ["deploy", "make", "x", "y"], 1);
  assert.deepEqual(ranked.map((r) => r.hit.entry.citation.entry_id), ["b"]);
});

test("ties break by entry id bytes", () => {
  const ranked = rankHits([hit("b", "fact", 1, 1, "t"), hit("a", "fact", 1, 1, "t")], ["t"], 1);
  assert.deepEqual(ranked.map((r) => r.hit.entry.citation.entry_id), ["a", "b"]);
});
