import assert from "node:assert/strict";
import { test } from "node:test";
import { mergeSpans } from "./merge.ts";
import type { Span } from "./types.ts";

const span = (family: string, start: number, end: number, specificity: number): Span => ({
  family,
  start,
  end,
  specificity,
});

test("overlapping spans merge into their union under the most specific family", () => {
  const cases: [Span[], Span[]][] = [
    [[], []],
    [
      [span("b", 10, 20, 2), span("a", 0, 5, 2)],
      [span("a", 0, 5, 2), span("b", 10, 20, 2)],
    ],
    [[span("credential-assignment", 5, 45, 2), span("github-token", 5, 45, 3)], [span("github-token", 5, 45, 3)]],
    [
      [span("private-key", 20, 80, 3), span("gcp-service-account", 10, 90, 4)],
      [span("gcp-service-account", 10, 90, 4)],
    ],
    [
      [span("jwt", 0, 50, 2), span("mapbox-token", 0, 60, 3), span("high-entropy-token", 55, 70, 1)],
      [span("mapbox-token", 0, 70, 3)],
    ],
    [
      [span("a", 0, 5, 2), span("b", 5, 9, 2)],
      [span("a", 0, 5, 2), span("b", 5, 9, 2)],
    ],
    [[span("jwt", 0, 50, 2), span("credential-assignment", 0, 50, 2)], [span("jwt", 0, 50, 2)]],
  ];
  for (const [input, expected] of cases) assert.deepEqual(mergeSpans(input), expected);
});
