import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeText, encodeText } from "./text-codec.ts";

const CASES: ReadonlyArray<[string, "kept" | "encoded"]> = [
  ["", "kept"],
  ["plain text", "kept"],
  ["mem_ent_0123456789abcdef", "kept"],
  ["数据库 迁移", "kept"],
  ["a\u0000b", "encoded"],
  ["\u0000", "encoded"],
  ["\uFFFFlooks encoded", "encoded"],
  ["\uFFFF", "encoded"],
  ["x\uFFFF", "kept"],
  ["lone \uD800 surrogate\u0000", "encoded"],
];

test("strings without U+0000 or a leading marker are stored unchanged; the rest round-trip through the marker", () => {
  for (const [value, expected] of CASES) {
    const stored = encodeText(value);
    assert.equal(stored === value ? "kept" : "encoded", expected, JSON.stringify(value));
    assert.equal(stored.includes("\u0000"), false, JSON.stringify(value));
    assert.equal(decodeText(stored), value, JSON.stringify(value));
  }
});

test("distinct strings stay distinct once encoded", () => {
  const values = CASES.map(([value]) => value);
  assert.equal(new Set(values.map(encodeText)).size, new Set(values).size);
});
