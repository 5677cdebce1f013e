import assert from "node:assert/strict";
import { test } from "node:test";
import { fence, servingBudget } from "./budget.ts";

test("a declared providerInputBudget is the denominator as given; otherwise window less a reservation", () => {
  assert.deepEqual(servingBudget(50_000, { contextWindow: 200_000, maxTokens: 32_000 }), {
    tokens: 50_000,
    source: "declared",
    descriptor: { contextWindow: 200_000, maxTokens: 32_000 },
    reservation: 0,
  });
  assert.equal(servingBudget(undefined, { contextWindow: 16_000, maxTokens: 2_000 }).tokens, 14_000);
  assert.equal(servingBudget(undefined, { contextWindow: 16_000, maxTokens: 16_000 }).tokens, 12_000);
  assert.equal(servingBudget(undefined, undefined).tokens, 128_000 - 16_384);
});

test("the fence blocks a request larger than the budget, out of band", () => {
  assert.deepEqual(fence(100, 100), { status: "fits" });
  const verdict = fence(101, 100);
  assert.equal(verdict.status, "blocked");
});
