import assert from "node:assert/strict";
import { test } from "node:test";
import { PiError } from "./errors.ts";
import { createFlusher, readCursor } from "./flusher.ts";
import { silentLogger } from "@powercontext/pi-kit";
import { createFakeClient, type FakeCall } from "./testing/fake-client.ts";

const cursorReply = (cursors: Record<string, number>) => (call: FakeCall) => ({
  current_cursor: cursors[String(call.payload.scope_id)] ?? 0,
});

test("the greatest position per scope is kept; a lower one never lowers it", () => {
  const flusher = createFlusher({ client: createFakeClient(), maxCalls: 4, log: silentLogger });
  flusher.record("a", 5);
  flusher.record("a", 3);
  flusher.record("b", 1);
  assert.equal(flusher.pendingPosition("a"), 5);
  assert.equal(flusher.pendingPosition("b"), 1);
});

test("several scopes are flushed and each clears only when current_cursor reaches its position", async () => {
  const client = createFakeClient(cursorReply({ a: 5, b: 2, c: 9 }));
  const flusher = createFlusher({ client, maxCalls: 3, log: silentLogger });
  flusher.record("a", 5);
  flusher.record("b", 3);
  flusher.record("c", 7);
  const report = await flusher.flush({ budgetMs: 1000 });
  assert.deepEqual(report, { scopes: 3, cleared: 2, calls: 1 + 3 + 1, pending: 1 });
  assert.equal(flusher.pendingPosition("a"), undefined);
  assert.equal(flusher.pendingPosition("b"), 3);
  assert.equal(flusher.pendingPosition("c"), undefined);
});

test("concurrent flush calls share one in-flight loop", async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const client = createFakeClient(async () => {
    await gate;
    return { current_cursor: 10 };
  });
  const flusher = createFlusher({ client, maxCalls: 4, log: silentLogger });
  flusher.record("a", 1);
  const first = flusher.flush({ budgetMs: 1000 });
  const second = flusher.flush({ budgetMs: 1000 });
  assert.equal(first, second);
  release();
  await first;
  assert.equal(client.calls.length, 1);
  const third = flusher.flush({ budgetMs: 1000 });
  assert.notEqual(third, first);
  assert.deepEqual(await third, { scopes: 0, cleared: 0, calls: 0, pending: 0 });
});

test("a higher position recorded during a flush survives the older completion", async () => {
  const flusher = createFlusher({
    client: createFakeClient(() => {
      flusher.record("a", 8);
      return { current_cursor: 5 };
    }),
    maxCalls: 1,
    log: silentLogger,
  });
  flusher.record("a", 5);
  await flusher.flush({ budgetMs: 1000 });
  assert.equal(flusher.pendingPosition("a"), 8);
});

test("a permanently lagging cursor ends after the call limit without claiming Memory exists", async () => {
  const client = createFakeClient(() => ({ status: "idle", current_cursor: 2, memory: null }));
  const flusher = createFlusher({ client, maxCalls: 4, log: silentLogger });
  flusher.record("a", 3);
  const report = await flusher.flush({ budgetMs: 1000 });
  assert.deepEqual(report, { scopes: 1, cleared: 0, calls: 4, pending: 1 });
  assert.deepEqual(Object.keys(report).sort(), ["calls", "cleared", "pending", "scopes"]);
});

test("a lagging, slow Server is cut off by the closing budget", async () => {
  const client = createFakeClient(async (call) => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    if (call.signal?.aborted === true) throw new PiError("transport_failed", "aborted");
    return { current_cursor: 0 };
  });
  const flusher = createFlusher({ client, maxCalls: 16, log: silentLogger });
  flusher.record("a", 1);
  flusher.record("b", 1);
  const started = Date.now();
  const report = await flusher.flush({ budgetMs: 100 });
  assert.ok(Date.now() - started < 400, "bounded by the budget");
  assert.ok(report.calls <= 4, `calls ${report.calls}`);
  assert.equal(report.pending, 2);
});

test("an error stops that scope's loop, keeps it pending, and the other scopes still run", async () => {
  const client = createFakeClient((call) => {
    if (call.payload.scope_id === "a") throw new PiError("transport_failed", "down");
    return { current_cursor: 1 };
  });
  const flusher = createFlusher({ client, maxCalls: 4, log: silentLogger });
  flusher.record("a", 1);
  flusher.record("b", 1);
  assert.deepEqual(await flusher.flush({ budgetMs: 1000 }), { scopes: 2, cleared: 1, calls: 2, pending: 1 });
  assert.equal(flusher.pendingPosition("a"), 1);
});

test("a cursor that is not an integer of at least 0 is ignored", () => {
  const cases: [unknown, number | null][] = [
    [{ current_cursor: 0 }, 0],
    [{ current_cursor: 3 }, 3],
    [{ current_cursor: -1 }, null],
    [{ current_cursor: "3" }, null],
    [{}, null],
  ];
  for (const [value, expected] of cases) assert.equal(readCursor(value), expected);
});
