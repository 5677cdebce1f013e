import assert from "node:assert/strict";
import { test } from "node:test";
import { PiError } from "./errors.ts";
import { flushThrough } from "./flush-now.ts";
import { createFakeClient } from "./testing/fake-client.ts";

test("an immediate flush retries transient errors until the cursor reaches the position", async () => {
  let call = 0;
  const client = createFakeClient(() => {
    call += 1;
    if (call < 3) throw new PiError("transport_failed", "blip");
    return { current_cursor: 4 };
  });
  assert.equal(await flushThrough(client, { scopeId: "s", position: 4, maxCalls: 4 }), true);
  assert.equal(client.calls.length, 3);
});

test("an immediate flush gives up after the call limit", async () => {
  const client = createFakeClient(() => {
    throw new PiError("transport_failed", "down");
  });
  assert.equal(await flushThrough(client, { scopeId: "s", position: 1, maxCalls: 4 }), false);
  assert.equal(client.calls.length, 4);
});
