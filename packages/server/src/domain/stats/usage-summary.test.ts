import assert from "node:assert/strict";
import { test } from "node:test";
import type { ModelUsageSample } from "../../store/types.ts";
import { sumUsage, summarizeUsage } from "./usage-summary.ts";

const sample = (overrides: Partial<ModelUsageSample>): ModelUsageSample => ({
  scope_id: "s",
  date: "2026-11-29",
  purpose: "handoff_generation",
  kind: "generation",
  requests: 1,
  input_tokens: 10,
  output_tokens: 2,
  ...overrides,
});

test("usage sums keep tokens null only when requests happened and none reported them", () => {
  const table: Array<[string, ModelUsageSample[], object]> = [
    ["no use is zero", [], { requests: 0, input_tokens: 0, output_tokens: 0 }],
    [
      "reported tokens add up",
      [sample({}), sample({ requests: 2, input_tokens: 5, output_tokens: 1 })],
      { requests: 3, input_tokens: 15, output_tokens: 3 },
    ],
    [
      "unreported tokens are null",
      [sample({ input_tokens: null, output_tokens: null })],
      { requests: 1, input_tokens: null, output_tokens: null },
    ],
    [
      "partly reported tokens sum what was reported",
      [sample({ input_tokens: null }), sample({})],
      { requests: 2, input_tokens: 10, output_tokens: 4 },
    ],
  ];
  for (const [name, samples, expected] of table) assert.deepEqual(sumUsage(samples), expected, name);
});

test("the summary lists only purposes that occurred, sorted, and zero-fills every day", () => {
  const summary = summarizeUsage(
    [sample({ purpose: "memory_extraction", date: "2026-11-28" }), sample({}), sample({ date: "2026-10-01" })],
    ["2026-11-27", "2026-11-28", "2026-11-29"],
  );
  assert.deepEqual(
    summary.by_purpose.map((p) => [p.purpose, p.generation.requests]),
    [
      ["handoff_generation", 1],
      ["memory_extraction", 1],
    ],
  );
  assert.equal(summary.totals.generation.requests, 2);
  assert.deepEqual(
    summary.daily.map((d) => [d.date, d.generation.requests, d.by_purpose.length]),
    [
      ["2026-11-27", 0, 0],
      ["2026-11-28", 1, 1],
      ["2026-11-29", 1, 1],
    ],
  );
  assert.deepEqual(summary.daily[0]?.generation, { requests: 0, input_tokens: 0, output_tokens: 0 });
});
