import assert from "node:assert/strict";
import { test } from "node:test";
import { toByteFindings } from "./offsets.ts";

test("code-unit spans become UTF-8 byte offsets", () => {
  const cases: [string, number, number, number, number][] = [
    ["password=abc", 9, 12, 9, 12],
    ["café password=abc", 14, 17, 15, 18],
    ["🔑 token=abcdefgh1", 9, 18, 11, 20],
    ["日本語 x=abc", 6, 9, 12, 15],
  ];
  for (const [text, start, end, byteStart, byteEnd] of cases) {
    const [finding] = toByteFindings(text, [{ family: "f", start, end, specificity: 1 }]);
    assert.deepEqual(finding, { family: "f", start: byteStart, end: byteEnd }, text);
    assert.equal(Buffer.from(text).subarray(byteStart, byteEnd).toString(), text.slice(start, end));
  }
});

test("several spans are converted in one pass", () => {
  const text = "é a=1 ü b=2";
  const findings = toByteFindings(text, [
    { family: "x", start: 4, end: 5, specificity: 1 },
    { family: "y", start: 10, end: 11, specificity: 1 },
  ]);
  assert.deepEqual(findings, [
    { family: "x", start: 5, end: 6 },
    { family: "y", start: 12, end: 13 },
  ]);
});
