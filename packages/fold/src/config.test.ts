import assert from "node:assert/strict";
import { test } from "node:test";
import { FoldError } from "./errors.ts";
import { DEFAULT_THRESHOLDS, validateOptions } from "./config.ts";

test("defaults are maxTarget 0.80, minTarget 0.35, freshTail 0.02, consolidateAfter 10 and deterministic briefs", () => {
  const options = validateOptions();
  assert.deepEqual(options.thresholds, { maxTarget: 0.8, minTarget: 0.35, freshTail: 0.02, consolidateAfter: 10 });
  assert.equal(options.summarizer, "none");
  assert.equal(options.providerInputBudget, undefined);
});

const REFUSED: [string, unknown, RegExp][] = [
  [
    "minTarget above maxTarget",
    { thresholds: { ...DEFAULT_THRESHOLDS, minTarget: 0.9 } },
    /impossible policy: thresholds\.minTarget/,
  ],
  [
    "freshTail above minTarget",
    { thresholds: { ...DEFAULT_THRESHOLDS, freshTail: 0.5 } },
    /impossible policy: thresholds\.freshTail/,
  ],
  [
    "maxTarget above 1",
    { thresholds: { ...DEFAULT_THRESHOLDS, maxTarget: 1.2 } },
    /impossible policy: thresholds\.maxTarget/,
  ],
  [
    "consolidateAfter zero",
    { thresholds: { ...DEFAULT_THRESHOLDS, consolidateAfter: 0 } },
    /thresholds\.consolidateAfter/,
  ],
  ["a partial thresholds object", { thresholds: { maxTarget: 0.7 } }, /thresholds\.minTarget is required/],
  [
    "an unknown threshold",
    { thresholds: { ...DEFAULT_THRESHOLDS, hysteresis: 1 } },
    /thresholds\.hysteresis is not a threshold/,
  ],
  ["providerTotalWindow", { providerTotalWindow: 1000 }, /use providerInputBudget/],
  ["foldScheduling", { foldScheduling: "epoch" }, /use thresholds/],
  ["readOnlyTools", { readOnlyTools: ["read"] }, /use blacklistAutoFoldTools/],
  ["a top-level maxTarget", { maxTarget: 0.8 }, /use thresholds\.maxTarget/],
  ["an unknown name", { colour: "blue" }, /unknown option "colour"; options are thresholds, summarizer/],
  ["summarizer deterministic", { summarizer: "deterministic" }, /omit summarizer/],
  [
    "an unknown summarizer effort",
    { summarizer: { provider: "openai", model: "small", effort: "cheap" } },
    /not a thinking level/,
  ],
  [
    "an unknown summarizer field",
    { summarizer: { provider: "openai", model: "small", baseUrl: "x" } },
    /not a summarizer field/,
  ],
  [
    "a summarizer without a model",
    { summarizer: { provider: "openai" } },
    /"session" or \{ provider, model, effort\? \}/,
  ],
  ["a fractional budget", { providerInputBudget: 10.5 }, /positive integer/],
  ["half a guidance object", { guidance: { thresholdNotices: false } }, /set together/],
];

test("impossible policies and unknown names are refused by name, never clamped", () => {
  for (const [name, input, pattern] of REFUSED) {
    assert.throws(
      () => validateOptions(input),
      (error: unknown) => error instanceof FoldError && error.code === "invalid_option" && pattern.test(error.message),
      name,
    );
  }
});

test("a complete custom policy and the other options are accepted as given", () => {
  const options = validateOptions({
    thresholds: { maxTarget: 0.7, minTarget: 0.3, freshTail: 0.05, consolidateAfter: 4 },
    summarizer: { provider: "openai", model: "small", effort: "low" },
    providerInputBudget: 50_000,
    blacklistAutoFoldTools: new Set(["edit"]),
    guidance: { thresholdNotices: false, actionResponses: true },
  });
  assert.equal(options.thresholds.maxTarget, 0.7);
  assert.deepEqual(options.summarizer, { provider: "openai", model: "small", effort: "low" });
  assert.equal(options.providerInputBudget, 50_000);
  assert.equal(options.blacklistAutoFoldTools.has("edit"), true);
});
