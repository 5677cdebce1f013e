// Chat turns through the real HTTP API, as powercontext-pi captures them: each turn its own Source, with its session
// in `metadata.session_id` when it has one; then the journal flushed until idle and the semantic layer loaded. Or, as a
// client storing each turn verbatim does, each turn written with memory/remember.
import assert from "node:assert/strict";
import type { TestContext } from "node:test";
import type { Store } from "../store/types.ts";
import { buildTestApp, type TestApp } from "./test-app.ts";

/**
 * A Server on `store` (verbatim extractor) holding the turns of every chat of `chats` (session → its turns in
 * order), captured with their session unless `sessions` is false and flushed (or, when `remembered`, each written with
 * memory/remember), with the semantic layer loaded.
 */
export async function appWithChats(
  t: TestContext,
  store: Store,
  scope: string,
  chats: Readonly<Record<string, readonly string[]>>,
  { sessions = true, remembered = false }: { sessions?: boolean; remembered?: boolean } = {},
): Promise<TestApp> {
  const app = await buildTestApp(t, { store, extractor: "verbatim" });
  const turns = Object.entries(chats).flatMap(([session, texts]) =>
    texts.map((content) => ({ session: sessions ? session : null, content })),
  );
  if (remembered) await rememberTurns(app.post, scope, turns);
  else {
    await captureTurns(app.post, scope, turns);
    await flushUntilIdle(app.post, scope);
  }
  await untilSemanticLoaded(app.post, scope);
  return app;
}

/** Writes each turn as an entry of its own with memory/remember, in order, as a client storing turns verbatim does. */
export async function rememberTurns(
  post: TestApp["post"],
  scope: string,
  turns: ReadonlyArray<{ content: string }>,
): Promise<void> {
  for (const { content } of turns) {
    const written = await post("/v1/memory/remember", { scope_id: scope, kind: "conversation_turn", text: content });
    assert.equal(written.status, 200, JSON.stringify(written.json));
  }
}

/** Captures each turn (with its session unless it is null) as the Source `turn-<index>`. */
export async function captureTurns(
  post: TestApp["post"],
  scope: string,
  turns: ReadonlyArray<{ session: string | null; content: string }>,
): Promise<void> {
  for (const [index, { session, content }] of turns.entries()) {
    const metadata = session === null ? { origin: "test" } : { origin: "test", session_id: session };
    const captured = await post("/v1/sources/content", {
      scope_id: scope,
      source_id: `turn-${index}`,
      content,
      metadata,
    });
    assert.equal(captured.status, 202, JSON.stringify(captured.json));
  }
}

/** Flushes the scope's journal until it is idle. */
export async function flushUntilIdle(post: TestApp["post"], scope: string): Promise<void> {
  for (let flushes = 0; ; flushes += 1) {
    const flushed = await post("/v1/memory/flush", { scope_id: scope });
    assert.equal(flushed.status, 200, JSON.stringify(flushed.json));
    if (flushed.json.status === "idle") return;
    assert.ok(flushes < 20, "the journal never became idle");
  }
}

/** The first recall may go on lexically while the layer loads the scope; asks until search answers `hybrid`. */
export async function untilSemanticLoaded(post: TestApp["post"], scope: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const search = await post("/v1/memory/search", { scope_id: scope, query: "warm up the index", limit: 1 });
    if (search.json.mode === "hybrid") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail("the semantic layer never loaded the scope");
}
