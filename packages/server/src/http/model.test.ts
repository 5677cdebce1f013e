// The optional model provider against a local fake OpenAI-compatible server: model drafts are used when they pass
// every check; malformed, out-of-evidence, off-objective, over-budget, failed and slow answers fall back to the
// deterministic draft and say so; usage is counted per purpose in stats; the llm extractor falls back to rules.
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import type { ModelConfig } from "../config.ts";
import { startFakeModelServer, type FakeModelServer } from "../testing/fake-model-server.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";

const SCOPE = "git:github.com/acme/billing";
const OBJECTIVE = "Hand off the PostgreSQL export migration";
const boundary = { kind: "source", source_ref: { name: "content", source_id: "boundary-1" } };

async function setup(
  t: TestContext,
  model: Partial<ModelConfig> = {},
): Promise<{ fake: FakeModelServer; app: TestApp; plain: TestApp }> {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  const app = await buildTestApp(t, {
    model: { baseUrl: fake.baseUrl, name: "fake-chat", apiKey: "sk-test", timeoutMs: 2000, concurrency: 2, ...model },
  });
  const plain = await buildTestApp(t);
  for (const target of [app, plain]) {
    await target.post("/v1/sources/content", {
      scope_id: SCOPE,
      source_id: "boundary-1",
      content: "Export job writes to PostgreSQL 16.\nNext: compare row counts.",
    });
  }
  return { fake, app, plain };
}

function draft(overrides: object = {}): object {
  return {
    objective: OBJECTIVE,
    state: [{ text: "The export now targets PostgreSQL 16.", citations: [boundary] }],
    disposition: "continuable",
    next_action: { text: "Compare row counts in staging.", citations: [boundary] },
    omissions: [],
    ...overrides,
  };
}

async function usage(app: TestApp) {
  const response = await app.app.inject({
    method: "GET",
    url: `/v1/stats?scope_id=${encodeURIComponent(SCOPE)}&period=today`,
  });
  return response.json().usage;
}

test("a valid model draft is served as is, and the request and its usage are what the provider saw", async (t) => {
  const { fake, app } = await setup(t);
  fake.enqueue({ content: JSON.stringify(draft()), usage: { prompt_tokens: 321, completion_tokens: 54 } });
  const response = await app.post("/v1/handoff/prepare", {
    scope_id: SCOPE,
    objective: OBJECTIVE,
    evidence: [boundary],
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers["x-powercontext-generation"], "model");
  assert.deepEqual(response.json, draft());
  const [request] = fake.requests;
  assert.equal(request?.path, "/v1/chat/completions");
  assert.equal(request?.authorization, "Bearer sk-test");
  assert.equal(request?.body.model, "fake-chat");
  assert.equal(request?.body.stream, false);
  const user = JSON.parse(request?.body.messages?.[1]?.content ?? "{}");
  assert.deepEqual(user.evidence[0].citation, boundary);
  assert.equal(user.objective, OBJECTIVE);
  const stats = await usage(app);
  const counted = { requests: 1, input_tokens: 321, output_tokens: 54 };
  assert.deepEqual(stats.totals.generation, counted);
  assert.deepEqual(stats.by_purpose, [
    {
      purpose: "handoff_generation",
      generation: counted,
      embedding: { requests: 0, input_tokens: 0, output_tokens: 0 },
    },
  ]);
  assert.deepEqual(stats.daily[0].by_purpose, stats.by_purpose);
});

test("rejected or failed model answers fall back to the deterministic draft and say why", async (t) => {
  const { fake, app, plain } = await setup(t, { timeoutMs: 300 });
  const deterministic = (
    await plain.post("/v1/handoff/prepare", { scope_id: SCOPE, objective: OBJECTIVE, evidence: [boundary] })
  ).json;
  const elsewhere = { kind: "source", source_ref: { name: "content", source_id: "not-given" } };
  const cases: Array<[string, object, string]> = [
    ["malformed JSON", { content: '{"objective": "Hand off', usage: null }, "output"],
    ["prose around the JSON", { content: `Here you go: ${JSON.stringify(draft())}` }, "output"],
    ["an unknown key", { content: JSON.stringify({ ...draft(), confidence: 0.9 }) }, "output"],
    [
      "a statement without citations",
      { content: JSON.stringify(draft({ state: [{ text: "Uncited.", citations: [] }] })) },
      "output",
    ],
    ["a different objective", { content: JSON.stringify(draft({ objective: "Something else" })) }, "objective"],
    [
      "a citation it was not given",
      { content: JSON.stringify(draft({ state: [{ text: "Invented.", citations: [elsewhere] }] })) },
      "evidence",
    ],
    [
      "an omission citing what it was not given",
      { content: JSON.stringify(draft({ omissions: [{ text: "x", citation: elsewhere }] })) },
      "evidence",
    ],
    [
      "a draft over max_bytes",
      { content: JSON.stringify(draft({ state: [{ text: "y".repeat(9000), citations: [boundary] }] })) },
      "output",
    ],
    [
      "a draft over max_bytes within the text limit",
      {
        content: JSON.stringify(
          draft({ state: Array.from({ length: 20 }, () => ({ text: "z".repeat(500), citations: [boundary] })) }),
        ),
      },
      "budget",
    ],
    ["an HTTP 500", { status: 500, raw: '{"error":"overloaded"}' }, "unavailable"],
    ["a body that is not a chat completion", { raw: "<html>" }, "unavailable"],
    ["a slow reply", { content: JSON.stringify(draft()), delayMs: 1500 }, "timeout"],
  ];
  for (const [name, reply, reason] of cases) {
    fake.enqueue(reply);
    const response = await app.post("/v1/handoff/prepare", {
      scope_id: SCOPE,
      objective: OBJECTIVE,
      evidence: [boundary],
    });
    assert.equal(response.status, 200, name);
    assert.equal(response.headers["x-powercontext-generation"], "deterministic-fallback", name);
    assert.equal(response.headers["x-powercontext-generation-fallback"], reason, name);
    assert.deepEqual(response.json, deterministic, name);
  }
  const metrics = (await app.app.inject({ method: "GET", url: "/metrics" })).body;
  assert.match(
    metrics,
    /powercontext_generations_total\{purpose="handoff_generation",outcome="fallback",reason="evidence"\} 2/,
  );
  assert.match(
    metrics,
    /powercontext_generations_total\{purpose="handoff_generation",outcome="fallback",reason="timeout"\} 1/,
  );
  const stats = await usage(app);
  assert.equal(stats.totals.generation.requests, cases.length, "every request that reached the provider is counted");
});

test("activate uses the model once per boundary; an ignored boundary never calls it", async (t) => {
  const { fake, app } = await setup(t);
  fake.enqueue({ content: JSON.stringify(draft()) });
  const body = { scope_id: SCOPE, boundary_source: boundary.source_ref, objective: OBJECTIVE };
  const generated = await app.post("/v1/handoff/activate", body);
  assert.equal(generated.json.status, "generated");
  assert.equal(generated.headers["x-powercontext-generation"], "model");
  assert.deepEqual(generated.json.draft, draft());
  assert.equal((await app.post("/v1/handoff/activate", body)).json.status, "ignored");
  assert.equal(fake.requests.length, 1);
});

test("model calls never exceed the concurrency, and a call that cannot finish within the timeout falls back", async (t) => {
  const { fake, app } = await setup(t, { concurrency: 1, timeoutMs: 600 });
  fake.respond = () => ({ content: JSON.stringify(draft()), delayMs: 400 });
  const prepare = () =>
    app.post("/v1/handoff/prepare", { scope_id: SCOPE, objective: OBJECTIVE, evidence: [boundary] });
  const results = await Promise.all([prepare(), prepare(), prepare()]);
  assert.equal(fake.maxInFlight, 1);
  for (const result of results) assert.equal(result.status, 200);
  const fallbacks = results.map((r) => r.headers["x-powercontext-generation-fallback"]).filter(Boolean);
  assert.ok(fallbacks.length >= 1, "three 400 ms calls one at a time cannot all finish within 600 ms");
  assert.ok(
    fallbacks.every((reason) => reason === "timeout"),
    fallbacks.join(),
  );
});

test("the llm extractor turns a window into cited candidates, and falls back to rules for an answer it must reject", async (t) => {
  const fake = await startFakeModelServer();
  t.after(() => fake.close());
  const app = await buildTestApp(t, {
    extractor: "llm",
    model: { baseUrl: fake.baseUrl, name: "fake-chat", apiKey: null, timeoutMs: 2000, concurrency: 2 },
  });
  await app.post("/v1/sources/content", {
    scope_id: SCOPE,
    source_id: "p1",
    content: "ok so we will go with pnpm from now on",
  });
  fake.enqueue({
    content: JSON.stringify({
      candidates: [{ kind: "decision", text: "Use pnpm, not npm.", confidence: 0.9, source_ids: ["p1"] }],
    }),
  });
  await app.post("/v1/memory/flush", { scope_id: SCOPE });
  const first = (await app.post("/v1/memory/candidates/list", { scope_id: SCOPE, status: "approved" })).json.candidates;
  assert.deepEqual(
    first.map((c: { extractor: string; proposal: { text: string }; source_refs: unknown }) => [
      c.extractor,
      c.proposal.text,
      c.source_refs,
    ]),
    [["llm", "Use pnpm, not npm.", [{ name: "content", source_id: "p1" }]]],
  );
  const user = JSON.parse(fake.requests[0]?.body.messages?.[1]?.content ?? "{}");
  assert.deepEqual(user.sources, [{ source_id: "p1", content: "ok so we will go with pnpm from now on" }]);

  await app.post("/v1/sources/content", {
    scope_id: SCOPE,
    source_id: "p2",
    content: "We must never force-push to main.",
  });
  fake.enqueue({
    content: JSON.stringify({
      candidates: [{ kind: "constraint", text: "Invented.", confidence: 1, source_ids: ["p9"] }],
    }),
  });
  await app.post("/v1/memory/flush", { scope_id: SCOPE });
  const all = (await app.post("/v1/memory/candidates/list", { scope_id: SCOPE, status: "approved" })).json.candidates;
  const second = all.filter((c: { source_refs: Array<{ source_id: string }> }) => c.source_refs[0]?.source_id === "p2");
  assert.ok(second.length >= 1);
  assert.ok(
    second.every((c: { extractor: string }) => c.extractor === "rules"),
    "the out-of-evidence answer was replaced by rules",
  );
  assert.equal(
    all.some((c: { proposal: { text: string } }) => c.proposal.text === "Invented."),
    false,
  );
  const stats = await usage(app);
  assert.deepEqual(
    stats.by_purpose.map((p: { purpose: string; generation: { requests: number } }) => [
      p.purpose,
      p.generation.requests,
    ]),
    [["memory_extraction", 2]],
  );
  const prepared = await app.post("/v1/context/prepare", { scope_id: SCOPE, query: "which package manager?" });
  assert.equal(prepared.status, 200);
  assert.equal(fake.requests.length, 2, "recall never calls the model");
});
