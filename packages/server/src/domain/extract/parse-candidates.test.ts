import assert from "node:assert/strict";
import { test } from "node:test";
import type { StoredSource } from "../../store/types.ts";
import { parseCandidates } from "./parse-candidates.ts";

const batch: StoredSource[] = [
  { scope_id: "s", source_id: "a", position: 4, content: "", metadata: {}, captured_at: "" },
  { scope_id: "s", source_id: "b", position: 2, content: "", metadata: {}, captured_at: "" },
];
const item = (overrides: object = {}) => ({
  kind: "decision",
  text: "Use pnpm.",
  confidence: 0.8,
  source_ids: ["a"],
  ...overrides,
});

test("model candidates are read strictly and may cite only the batch's Sources", () => {
  const table: Array<[string, unknown, string]> = [
    ["a valid answer", { candidates: [item()] }, "ok"],
    ["nothing worth remembering", { candidates: [] }, "ok"],
    ["not an object", [item()], "output"],
    ["an extra top-level key", { candidates: [], note: "" }, "output"],
    ["an extra candidate key", { candidates: [item({ why: "x" })] }, "output"],
    ["an unknown kind", { candidates: [item({ kind: "opinion" })] }, "output"],
    ["a blank text", { candidates: [item({ text: "  " })] }, "output"],
    ["a confidence above 1", { candidates: [item({ confidence: 1.2 })] }, "output"],
    ["a confidence as a string", { candidates: [item({ confidence: "0.8" })] }, "output"],
    ["no Sources", { candidates: [item({ source_ids: [] })] }, "output"],
    ["a Source listed twice", { candidates: [item({ source_ids: ["a", "a"] })] }, "output"],
    ["a Source it was not given", { candidates: [item({ source_ids: ["a", "z"] })] }, "evidence"],
    ["a text over 8192 bytes", { candidates: [item({ text: "é".repeat(4097) })] }, "budget"],
    ["33 candidates", { candidates: Array.from({ length: 33 }, () => item()) }, "budget"],
  ];
  for (const [name, answer, expected] of table) {
    const result = parseCandidates(answer, batch);
    assert.equal(result.status === "ok" ? "ok" : result.reason, expected, name);
  }
});

test("accepted candidates are normalized, ordered by Source position and cite Sources in position order", () => {
  const result = parseCandidates(
    {
      candidates: [
        item({ text: " First from a. ", source_ids: ["a", "b"] }),
        item({ text: "From b.", source_ids: ["b"] }),
      ],
    },
    batch,
  );
  assert.deepEqual(result, {
    status: "ok",
    candidates: [
      {
        kind: "decision",
        text: "First from a.",
        confidence: 0.8,
        source_refs: [
          { name: "content", source_id: "b" },
          { name: "content", source_id: "a" },
        ],
        extractor: "llm",
      },
      {
        kind: "decision",
        text: "From b.",
        confidence: 0.8,
        source_refs: [{ name: "content", source_id: "b" }],
        extractor: "llm",
      },
    ],
  });
});
