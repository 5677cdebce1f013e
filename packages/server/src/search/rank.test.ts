import assert from "node:assert/strict";
import { test } from "node:test";
import type { MemorySearchHit } from "../store/types.ts";
import { pastedShare, rankHits } from "./rank.ts";

function hit(id: string, kind: string, relevance: number, written: number, searchText: string): MemorySearchHit {
  return {
    entry: {
      citation: {
        memory_ref: { family: "memory", artifact_id: "memory", revision: 10 },
        entry_id: id,
        entry_version_id: `v${id}`,
      },
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
  const ranked = rankHits(
    [hit("a", "fact", 1, 1, "deploy make"), hit("b", "fact", 1, 10, "deploy make")],
    ["deploy", "make"],
    10,
  );
  assert.deepEqual(
    ranked.map((r) => r.hit.entry.citation.entry_id),
    ["b", "a"],
  );
});

test("equal relevance and age: a constraint outranks a fact", () => {
  const ranked = rankHits([hit("a", "fact", 1, 5, "deploy"), hit("b", "constraint", 1, 5, "deploy")], ["deploy"], 10);
  assert.deepEqual(
    ranked.map((r) => r.hit.entry.citation.entry_id),
    ["b", "a"],
  );
});

test("relevance dominates kind and recency", () => {
  const ranked = rankHits(
    [hit("a", "fact", 3, 1, "deploy make"), hit("b", "constraint", 1, 10, "deploy make")],
    ["deploy", "make"],
    10,
  );
  assert.deepEqual(
    ranked.map((r) => r.hit.entry.citation.entry_id),
    ["a", "b"],
  );
  assert.ok(ranked.every((r) => r.score >= 0 && r.score <= 1));
});

test("an entry sharing a single term of a long query is recalled (the rare term may be the only one that matters)", () => {
  const ranked = rankHits(
    [
      hit("ruby", "fact", 3, 1, "we pin rubi in the dot rubi version file"),
      hit("other", "fact", 1, 1, "bump lint"),
      hit("none", "fact", 5, 1, "nothing shared"),
    ],
    ["bump", "backoffic", "rubi", "3"],
    1,
  );
  assert.deepEqual(
    ranked.map((r) => r.hit.entry.citation.entry_id),
    ["ruby", "other"],
  );
});

test("ties break by entry id bytes", () => {
  const ranked = rankHits([hit("b", "fact", 1, 1, "t"), hit("a", "fact", 1, 1, "t")], ["t"], 1);
  assert.deepEqual(
    ranked.map((r) => r.hit.entry.citation.entry_id),
    ["a", "b"],
  );
  // UTF-16 puts a surrogate pair (U+10000) before U+E000; UTF-8 bytes put it after, and so do ties.
  const ids = ["e\u{10000}", "e\uE000", "e\u00E9", "e"];
  const wide = rankHits(
    ids.map((id) => hit(id, "fact", 1, 1, "t")),
    ["t"],
    1,
  );
  assert.deepEqual(
    wide.map((r) => r.hit.entry.citation.entry_id),
    ["e", "e\u00E9", "e\uE000", "e\u{10000}"],
  );
});

test("for a prose question, an entry made of pasted log lines ranks below an equally relevant sentence", () => {
  const log =
    "2026-03-02T10:11:12Z WARN billing-api request_id=1 timeout\n2026-03-02T10:11:13Z WARN billing-api request_id=2 timeout";
  const hits = [hit("a", "conversation", 1, 5, "bill api timeout"), hit("b", "conversation", 1, 5, "bill api timeout")];
  hits[0]!.entry.text = log;
  hits[1]!.entry.text = "The billing API times out after 5 seconds.";
  assert.deepEqual(
    rankHits(hits, ["bill", "api", "timeout"], 10, { focus: "prose" }).map((r) => r.hit.entry.citation.entry_id),
    ["b", "a"],
  );
  assert.deepEqual(
    rankHits(hits, ["bill", "api", "timeout"], 10, { focus: "pasted" }).map((r) => r.hit.entry.citation.entry_id),
    ["a", "b"],
  );
});

test("for a prose question, a recalled lone question ranks below an equally relevant statement", () => {
  const hits = [hit("a", "conversation", 1, 5, "cache ttl"), hit("b", "conversation", 1, 5, "cache ttl")];
  hits[0]!.entry.text = "What is the cache TTL again?";
  hits[1]!.entry.text = "The cache TTL is five minutes.";
  assert.deepEqual(
    rankHits(hits, ["cache", "ttl"], 10, { focus: "prose" }).map((r) => r.hit.entry.citation.entry_id),
    ["b", "a"],
  );
});

test("pasted share: none for a sentence, all for a log line, a fraction for a message quoting a fenced block", () => {
  assert.equal(pastedShare("The export runs nightly."), 0);
  assert.equal(pastedShare("2026-03-02T10:11:12Z ERROR export failed status=500 took=3ms"), 1);
  const share = pastedShare("The export fails at startup, every time.\n```\nthrow new Error('x');\n```");
  assert.ok(share > 0.3 && share < 0.6, String(share));
});

test("with a limit, the result is the head of the full ordering, for prose and pasted focus alike", () => {
  const texts = [
    "deploy make target",
    "What is the deploy target?",
    "2026-03-02T10:00:12Z WARN deploy make failed",
    "deploy make\n    const target = make();\nfor the deploy",
    "make deploy before release",
  ];
  const kinds = ["fact", "decision", "constraint", "command", "note"];
  const hits = Array.from({ length: 40 }, (_, i) =>
    hit(
      `e${String(i).padStart(2, "0")}`,
      kinds[i % kinds.length] as string,
      1 + ((i * 7) % 13) / 4,
      1 + ((i * 5) % 10),
      texts[i % texts.length] as string,
    ),
  );
  for (const focus of ["prose", "pasted"] as const) {
    const full = rankHits(hits, ["deploy", "make"], 10, { focus });
    for (const limit of [0, 1, 3, 8, 16, 39, 40, 64]) {
      assert.deepEqual(
        rankHits(hits, ["deploy", "make"], 10, { focus, limit }),
        full.slice(0, limit),
        `${focus} ${limit}`,
      );
    }
  }
});

test("matched terms count whole words only", () => {
  const ranked = rankHits(
    [hit("a", "fact", 1, 1, "deployment makefile"), hit("b", "fact", 1, 1, "x deploy y make")],
    ["deploy", "make"],
    10,
  );
  assert.deepEqual(
    ranked.map((r) => [r.hit.entry.citation.entry_id, r.matched_terms]),
    [["b", 2]],
  );
});
