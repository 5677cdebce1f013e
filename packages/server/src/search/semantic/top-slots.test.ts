import assert from "node:assert/strict";
import { test } from "node:test";
import { random } from "../../../../../bench/lib/dataset.ts";
import { TopSlots } from "./top-slots.ts";

test("the bounded heap keeps exactly the first entries of a full sort, ties broken by the lower slot", () => {
  const next = random(11);
  for (const [count, limit] of [
    [0, 5],
    [3, 5],
    [500, 1],
    [500, 50],
    [2000, 300],
  ] as const) {
    // Few distinct values, so that both scores tie often.
    const entries = Array.from({ length: count }, (_, slot) => ({
      slot,
      first: Math.floor(next() * 4),
      second: Math.floor(next() * 6) / 6,
    }));
    const best = new TopSlots(limit);
    for (const entry of [...entries].reverse()) best.offer(entry.slot, entry.first, entry.second);
    const sorted = [...entries].sort((a, b) => b.first - a.first || b.second - a.second || a.slot - b.slot);
    assert.deepEqual(
      best.take(),
      sorted.slice(0, limit).map((entry) => entry.slot),
    );
    const floor = count >= limit && limit > 0 ? (sorted[limit - 1]?.first as number) : Number.NEGATIVE_INFINITY;
    assert.equal(best.floor(), floor);
  }
});
