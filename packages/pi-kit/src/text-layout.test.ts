import assert from "node:assert/strict";
import { test } from "node:test";
import {
  alignColumns,
  fitLine,
  formatBytes,
  formatCount,
  LINE_WIDTH,
  labelled,
  oneLine,
  plural,
} from "./text-layout.ts";

test("fitLine keeps a short line and cuts a long one to the width with an ellipsis", () => {
  assert.equal(fitLine("short", 10), "short");
  assert.equal(fitLine("abcdefghijkl", 10), "abcdefghi…");
  assert.equal([...fitLine("é".repeat(200))].length, LINE_WIDTH);
});

test("alignColumns pads columns, right-aligns figures and drops trailing spaces", () => {
  assert.deepEqual(
    alignColumns(
      [
        ["Sources", "12"],
        ["Memory entries", "3"],
      ],
      ["left", "right"],
    ),
    ["Sources         12", "Memory entries   3"],
  );
  assert.deepEqual(
    alignColumns([
      ["a", ""],
      ["bbb", ""],
    ]),
    ["a", "bbb"],
  );
});

test("labelled aligns the labels and cuts long values", () => {
  const lines = labelled([
    ["Scope", "git:x/y"],
    ["Note", "x".repeat(100)],
  ]);
  assert.equal(lines[0], "Scope  git:x/y");
  assert.equal(lines[1]?.length, LINE_WIDTH);
});

test("formatBytes, plural, formatCount and oneLine", () => {
  assert.deepEqual([formatBytes(512), formatBytes(1234), formatBytes(3_400_000)], ["512 B", "1.2 kB", "3.4 MB"]);
  assert.deepEqual(
    [plural(1, "item"), plural(3, "item"), plural(0, "entry", "entries")],
    ["1 item", "3 items", "0 entries"],
  );
  assert.deepEqual([formatCount(0), formatCount(1234567)], ["0", "1,234,567"]);
  assert.equal(oneLine("  a\n b\t c "), "a b c");
});
