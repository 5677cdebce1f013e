import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { rememberEntry } from "../../domain/memory/entry-writes.ts";
import { buildEntryVersion } from "../../domain/memory/new-entry.ts";
import { openSqliteStore } from "../../store/sqlite/index.ts";
import type { Store } from "../../store/types.ts";
import { sequentialIds } from "../../testing/fakes.ts";
import { LazyWordVectorModel } from "../semantic/word-vector-model.ts";
import { type EndpointEvent, EndpointIndex, RETRY_AFTER_MS } from "./endpoint-index.ts";
import type { EmbedResult, Embedder } from "./types.ts";

const builtin = new LazyWordVectorModel();

async function storeWithEntries(t: TestContext, texts: string[]): Promise<Store> {
  const store = await openSqliteStore(":memory:");
  t.after(() => store.close());
  const ids = sequentialIds();
  for (const text of texts) {
    const entry = buildEntryVersion(ids, { kind: "fact", text });
    await rememberEntry(store, { scope_id: "s", entry, reason: "r", expected_revision: null, now: "n" });
  }
  return store;
}

/** An embedder answering the built-in mean of each text, or `unavailable` while `down`. */
function switchableEmbedder(): Embedder & { down: boolean; calls: number } {
  const embedder = {
    name: "switchable",
    down: true,
    calls: 0,
    async embed(texts: readonly string[]): Promise<EmbedResult> {
      embedder.calls += 1;
      if (embedder.down) return { status: "unavailable" };
      return { status: "ok", vectors: texts.map((text) => [...(builtin.embed(text) ?? new Float32Array(100))]) };
    },
  };
  return embedder;
}

test("an endpoint down at start is asked again only after the retry delay, then embeds the entries and serves", async (t) => {
  const store = await storeWithEntries(t, ["We use pnpm, never npm or yarn.", "Dana is on call this month."]);
  const embedder = switchableEmbedder();
  let now = 1_000_000;
  const index = new EndpointIndex({
    store,
    builtin,
    name: "e",
    prompts: embedder,
    entries: embedder,
    recallTimeoutMs: 200,
    now: () => now,
  });
  t.after(() => index.close());
  const events: EndpointEvent[] = [];
  await index.start((event) => events.push(event));
  assert.deepEqual(events, [{ kind: "unavailable", reason: "error", retry_ms: RETRY_AFTER_MS }]);
  assert.equal(index.model, null);
  const calls = embedder.calls;
  embedder.down = false;
  assert.equal(await index.forRecall("s", "Which package manager?"), null);
  assert.equal(embedder.calls, calls, "not asked again within the retry delay");

  now += RETRY_AFTER_MS;
  assert.equal(await index.forRecall("s", "Which package manager?"), null, "the first recall after it starts again");
  for (let i = 0; i < 100 && !events.some((event) => event.kind === "backfill_finished"); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(
    events.filter((event) => event.kind === "backfilled").map((event) => event.kind === "backfilled" && event.computed),
    [2],
  );
  const served = await index.forRecall("s", "Which package manager?");
  assert.equal(served?.mean.length, 100);
  assert.ok(Math.abs((served?.mean.reduce((sum, value) => sum + value * value, 0) ?? 0) - 1) < 1e-5, "a unit vector");
});

test("a recall waits no longer than its deadline, even for an embedder that ignores the abort signal", async (t) => {
  const store = await storeWithEntries(t, ["We use pnpm, never npm or yarn."]);
  const entries = switchableEmbedder();
  entries.down = false;
  const stuck: Embedder = { name: "stuck", embed: () => new Promise<EmbedResult>(() => undefined) };
  const index = new EndpointIndex({ store, builtin, name: "e", prompts: stuck, entries, recallTimeoutMs: 100 });
  t.after(() => index.close());
  const events: EndpointEvent[] = [];
  await index.start((event) => events.push(event));
  const started = performance.now();
  assert.equal(await index.forRecall("s", "Which package manager?"), null);
  assert.ok(performance.now() - started < 2000, `waited ${Math.round(performance.now() - started)} ms`);
  assert.ok(events.some((event) => event.kind === "unavailable" && event.reason === "timeout"));
});

test("closing stops the background embedding at its next batch", async (t) => {
  const texts = Array.from({ length: 200 }, (_, i) => `Note ${i}: the build cache lives on volume ${i}.`);
  const store = await storeWithEntries(t, texts);
  const entries = switchableEmbedder();
  entries.down = false;
  const index = new EndpointIndex({ store, builtin, name: "e", prompts: entries, entries, recallTimeoutMs: 100 });
  const events: EndpointEvent[] = [];
  const started = index.start((event) => {
    events.push(event);
    if (event.kind === "ready") void index.close();
  });
  await started;
  assert.ok(entries.calls < 200 / 32, `${entries.calls} calls`);
  assert.ok(events.some((event) => event.kind === "backfill_stopped"));
  assert.equal(await index.forRecall("s", "build cache"), null);
});
