// A real Server process with an embeddings endpoint (a local fake): switching the configured model re-embeds every
// entry at start, logging progress, stores the new vectors under the new model's name beside the old ones, and a
// restart with the same model embeds nothing again.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { SQLITE_FILE_NAME } from "../src/store/open-store.ts";
import { openSqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import { embeddingInputs, embeddingsReply } from "../src/testing/fake-embeddings.ts";
import { startFakeModelServer } from "../src/testing/fake-model-server.ts";
import { startServerProcess } from "../src/testing/server-process.ts";

const SCOPE = "reembed";
const ENTRIES = [
  "We use pnpm, never npm or yarn.",
  "Schema changes need a sign-off from Priya.",
  "The mobile app caches images for a week.",
];

/** A deterministic 16-d vector per text. */
function vectorOf(text: string): number[] {
  const digest = createHash("sha256").update(text).digest();
  return Array.from({ length: 16 }, (_, i) => (digest[i] as number) - 128);
}

interface LogLine {
  msg?: string;
  model?: string;
  scope_id?: string;
  entries?: number;
  computed?: number;
  scopes?: number;
}

/** Runs a Server with `model` until `done` holds for its log lines, then stops it; returns the lines. */
async function runUntil(
  t: TestContext,
  dataDir: string,
  env: Record<string, string>,
  work: (url: string) => Promise<void>,
  done: (lines: LogLine[]) => boolean,
): Promise<LogLine[]> {
  const server = await startServerProcess(dataDir, { ...env, POWERCONTEXT_SERVER_LOG_LEVEL: "info" });
  t.after(() => server.child.kill("SIGKILL"));
  const lines: LogLine[] = [];
  let pending = "";
  // Logs are on stderr (stdout carries only the start-up line).
  server.child.stderr?.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete) if (line.startsWith("{")) lines.push(JSON.parse(line) as LogLine);
  });
  await work(server.url);
  for (let waited = 0; !done(lines); waited += 50) {
    assert.ok(waited < 20_000, `the Server did not log what was awaited: ${JSON.stringify(lines.map((l) => l.msg))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill("SIGTERM");
  await server.exited;
  return lines;
}

const said = (lines: LogLine[], msg: string) => lines.filter((line) => line.msg === msg);

test("switching the embedding model re-embeds every entry at start with progress, beside the old model's vectors", async (t) => {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  fake.respond = (request) => embeddingsReply(request, vectorOf);
  const dataDir = mkdtempSync(join(tmpdir(), "pc-reembed-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = (model: string) => ({
    POWERCONTEXT_SERVER_EMBEDDING_BASE_URL: fake.baseUrl,
    POWERCONTEXT_SERVER_EMBEDDING_MODEL: model,
  });
  const post = (url: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const embeddedBy = (model: string) =>
    fake.requests.filter((request) => request.body.model === model).flatMap(embeddingInputs);

  // Model a: entries written after start are embedded when their scope is first recalled.
  const first = await runUntil(
    t,
    dataDir,
    env("embed-a"),
    async (url) => {
      for (const [i, text] of ENTRIES.entries())
        assert.equal(
          (await post(url, "/v1/memory/remember", { scope_id: SCOPE, kind: "fact", text, reason: `r${i}` })).status,
          200,
        );
      assert.equal(
        (await post(url, "/v1/context/prepare", { scope_id: SCOPE, query: "Who reviews migrations?" })).status,
        200,
      );
    },
    () => ENTRIES.every((text) => embeddedBy("embed-a").includes(text)),
  );
  const modelA = said(first, "embeddings endpoint ready")[0]?.model ?? "";
  assert.match(modelA, /\/embed-a$/);

  // Model b: every entry is embedded again at start, with a progress line for the scope.
  const second = await runUntil(
    t,
    dataDir,
    env("embed-b"),
    async () => undefined,
    (lines) => said(lines, "endpoint entry vector backfill finished").length > 0,
  );
  const modelB = said(second, "embeddings endpoint ready")[0]?.model ?? "";
  assert.match(modelB, /\/embed-b$/);
  assert.deepEqual(
    said(second, "endpoint entry vectors backfilled").map(({ model, scope_id, entries, computed }) => ({
      model,
      scope_id,
      entries,
      computed,
    })),
    [{ model: modelB, scope_id: SCOPE, entries: ENTRIES.length, computed: ENTRIES.length }],
  );
  assert.deepEqual(
    embeddedBy("embed-b")
      .filter((text) => ENTRIES.includes(text))
      .sort(),
    [...ENTRIES].sort(),
  );

  // The same model again: nothing to embed.
  const asked = embeddedBy("embed-b").length;
  const third = await runUntil(
    t,
    dataDir,
    env("embed-b"),
    async () => undefined,
    (lines) => said(lines, "endpoint entry vector backfill finished").length > 0,
  );
  assert.deepEqual(said(third, "endpoint entry vectors backfilled"), []);
  assert.equal(said(third, "endpoint entry vector backfill finished")[0]?.scopes, 0);
  assert.equal(embeddedBy("embed-b").length, asked + 1, "only the dimension probe");

  // Both models' vectors are stored beside the entries, each under its own name.
  const store = await openSqliteStore(join(dataDir, SQLITE_FILE_NAME));
  t.after(() => store.close());
  for (const model of [modelA, modelB]) {
    const heads = (await store.readVectorHeads(SCOPE, model, 0, { after_key: 0, limit: 10 })).heads;
    assert.equal(heads.filter((head) => head.vector !== null).length, ENTRIES.length, model);
  }
});
