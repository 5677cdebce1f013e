import assert from "node:assert/strict";
import { test } from "node:test";
import { createLimiter } from "./limiter.ts";

test("the limiter holds at most max slots, hands freed slots to waiters in order, and drops aborted waiters", async () => {
  const limiter = createLimiter(1);
  const never = new AbortController().signal;
  assert.equal(await limiter.acquire(never), true);
  const order: string[] = [];
  const abort = new AbortController();
  const second = limiter.acquire(never).then((ok) => order.push(`second:${ok}`));
  const aborted = limiter.acquire(abort.signal).then((ok) => order.push(`aborted:${ok}`));
  const third = limiter.acquire(never).then((ok) => order.push(`third:${ok}`));
  abort.abort();
  await aborted;
  limiter.release();
  await second;
  assert.equal(limiter.active, 1);
  limiter.release();
  await third;
  assert.deepEqual(order, ["aborted:false", "second:true", "third:true"]);
  assert.equal(await limiter.acquire(AbortSignal.abort()), false);
});
