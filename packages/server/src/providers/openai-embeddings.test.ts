import assert from "node:assert/strict";
import { test } from "node:test";
import { startFakeModelServer } from "../testing/fake-model-server.ts";
import { createOpenAiEmbedder, parseEmbeddings } from "./openai-embeddings.ts";

const PARSE_CASES: Array<[string, unknown, number, number[][] | null]> = [
  [
    "vectors in input order",
    { data: [{ embedding: [1, 2] }, { embedding: [3, 4] }] },
    2,
    [
      [1, 2],
      [3, 4],
    ],
  ],
  [
    "vectors placed by their index",
    {
      data: [
        { index: 1, embedding: [3] },
        { index: 0, embedding: [1] },
      ],
    },
    2,
    [[1], [3]],
  ],
  ["a count that differs", { data: [{ embedding: [1] }] }, 2, null],
  ["a non-numeric component", { data: [{ embedding: [1, "x"] }] }, 1, null],
  [
    "a repeated index",
    {
      data: [
        { index: 0, embedding: [1] },
        { index: 0, embedding: [2] },
      ],
    },
    2,
    null,
  ],
  ["not an object", "nope", 1, null],
];

for (const [name, body, count, expected] of PARSE_CASES) {
  test(`parsing an embeddings response: ${name}`, () => {
    assert.deepEqual(parseEmbeddings(body, count), expected);
  });
}

test("the embedder posts the model and inputs to {base}/embeddings with the bearer key", async (t) => {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  fake.enqueue({
    raw: JSON.stringify({
      data: [
        { index: 0, embedding: [0.5, 0.5] },
        { index: 1, embedding: [1, 0] },
      ],
    }),
  });
  const embedder = createOpenAiEmbedder({
    baseUrl: `${fake.baseUrl}/`,
    model: "embed-small",
    apiKey: "k-123",
    timeoutMs: 5000,
    concurrency: 1,
  });
  assert.deepEqual(await embedder.embed(["a", "b"]), {
    status: "ok",
    vectors: [
      [0.5, 0.5],
      [1, 0],
    ],
  });
  assert.equal(fake.requests[0]?.path, "/v1/embeddings");
  assert.equal(fake.requests[0]?.authorization, "Bearer k-123");
  assert.deepEqual(fake.requests[0]?.body, { model: "embed-small", input: ["a", "b"] });
});

test("an error status, a malformed body or a timeout is unavailable, never a throw", async (t) => {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  fake.enqueue({ status: 500, raw: "{}" }, { raw: "not json" }, { raw: '{"data":[]}', delayMs: 1000 });
  const embedder = createOpenAiEmbedder({
    baseUrl: fake.baseUrl,
    model: "m",
    apiKey: null,
    timeoutMs: 200,
    concurrency: 1,
  });
  for (let i = 0; i < 3; i += 1) assert.deepEqual(await embedder.embed(["a"]), { status: "unavailable" });
});

test("a caller's abort signal ends a slow call before the embedder's own timeout", async (t) => {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  fake.respond = () => ({ raw: '{"data":[{"embedding":[1]}]}', delayMs: 5000 });
  const embedder = createOpenAiEmbedder({
    baseUrl: fake.baseUrl,
    model: "m",
    apiKey: null,
    timeoutMs: 10_000,
    concurrency: 1,
  });
  const started = performance.now();
  assert.deepEqual(await embedder.embed(["a"], { signal: AbortSignal.timeout(100) }), { status: "unavailable" });
  assert.ok(performance.now() - started < 3000, "answered long before the reply");
  // The aborted call freed its slot: a queued call is not stuck behind it.
  assert.deepEqual(await embedder.embed(["b"], { signal: AbortSignal.timeout(100) }), { status: "unavailable" });
  assert.equal(fake.requests.length, 2);
});
