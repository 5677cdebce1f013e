import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { utf8Length } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";
import { extractVerbatim, VERBATIM_EXTRACTOR, VERBATIM_MAX_BYTES } from "./verbatim.ts";

function makeSource(content: string, position = 1, source_id = `src-${position}`): StoredSource {
  return { scope_id: "scope", source_id, position, content, metadata: {}, captured_at: "2026-11-29T12:00:00.000Z" };
}

describe("verbatim extractor", () => {
  const cases: Array<[name: string, content: string, expected: string | null]> = [
    ["keeps the trimmed content", "  user: hi\nassistant: hello  \n", "user: hi\nassistant: hello"],
    ["keeps questions and chatter", "can you fix this bug?", "can you fix this bug?"],
    ["keeps content of exactly the limit", "a".repeat(VERBATIM_MAX_BYTES), "a".repeat(VERBATIM_MAX_BYTES)],
    [
      "cuts longer content and ends with an ellipsis",
      "a".repeat(VERBATIM_MAX_BYTES + 1),
      `${"a".repeat(VERBATIM_MAX_BYTES - 3)}…`,
    ],
    ["skips blank content", " \n\t ", null],
    ["skips empty content", "", null],
  ];
  for (const [name, content, expected] of cases) {
    it(name, () => {
      const candidates = extractVerbatim([makeSource(content)]);
      if (expected === null) return assert.deepEqual(candidates, []);
      assert.deepEqual(candidates, [
        { kind: "conversation", text: expected, confidence: 1, source_refs: [{ name: "content", source_id: "src-1" }] },
      ]);
    });
  }

  it("never splits a multi-byte character when cutting", () => {
    for (const unit of ["é", "数", "🙂"]) {
      const [candidate] = extractVerbatim([makeSource(unit.repeat(200_000 / unit.length))]);
      assert.ok(candidate !== undefined);
      assert.ok(utf8Length(candidate.text) <= VERBATIM_MAX_BYTES);
      assert.ok(candidate.text.endsWith("…"));
      assert.ok(
        !candidate.text
          .slice(0, -1)
          .split("")
          .some((c) => c === "\ufffd"),
      );
      assert.equal(candidate.text.slice(0, -1), unit.repeat((candidate.text.length - 1) / unit.length));
    }
  });

  it("emits one candidate per non-blank source, in position order, each citing its source", () => {
    const candidates = extractVerbatim([
      makeSource("third", 3, "c"),
      makeSource("first", 1, "a"),
      makeSource("   ", 2, "b"),
      makeSource("first", 4, "d"),
    ]);
    assert.deepEqual(
      candidates.map((candidate) => [candidate.text, candidate.source_refs[0]?.source_id]),
      [
        ["first", "a"],
        ["third", "c"],
        ["first", "d"],
      ],
    );
  });

  it("is exposed as the verbatim extractor", () => {
    assert.equal(VERBATIM_EXTRACTOR.name, "verbatim");
    assert.deepEqual(VERBATIM_EXTRACTOR.extract([]), []);
  });
});
