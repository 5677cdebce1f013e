import assert from "node:assert/strict";
import { test } from "node:test";
import { createAnchorScanner } from "./anchors.ts";

const ANCHORS = ["ghp_", "github_pat_", "sk-", "sk-ant-", "AKIA", "AC", "-----BEGIN ", "://", "Q~", "sig="];

test("every anchor occurrence is found, sorted by start, overlaps included", () => {
  const scan = createAnchorScanner(ANCHORS);
  const cases: [string, [string, number][]][] = [
    ["", []],
    ["plain prose with no anchors", []],
    ["x ghp_abc", [["ghp_", 2]]],
    [
      "github_pat_1 and ghp_2",
      [
        ["github_pat_", 0],
        ["ghp_", 17],
      ],
    ],
    [
      "sk-ant-api03",
      [
        ["sk-", 0],
        ["sk-ant-", 0],
      ],
    ],
    ["task-list", [["sk-", 2]]],
    [
      "AKIAX ACCA",
      [
        ["AKIA", 0],
        ["AC", 6],
      ],
    ],
    ["-----BEGIN RSA", [["-----BEGIN ", 0]]],
    [
      "https://a ftp://b",
      [
        ["://", 5],
        ["://", 13],
      ],
    ],
    [
      "abc8Q~xyz ?sig=1",
      [
        ["Q~", 4],
        ["sig=", 11],
      ],
    ],
  ];
  for (const [text, expected] of cases) {
    const hits = scan(text).map(({ anchor, start }): [string, number] => [ANCHORS[anchor] ?? "", start]);
    assert.deepEqual(hits, expected, text);
  }
});

test("a scan of a long text with many trigger characters stays linear", () => {
  const scan = createAnchorScanner(ANCHORS);
  const started = performance.now();
  assert.equal(scan("_-.~:=".repeat(50_000)).length, 0);
  assert.ok(performance.now() - started < 1000);
});
