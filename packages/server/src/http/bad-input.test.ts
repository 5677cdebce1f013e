// Bad input gets a 4xx with the error envelope and changes nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";

const SCOPE = "scope-bad-input";

function assertEnvelope(body: unknown, code: string): void {
  assert.ok(typeof body === "object" && body !== null);
  const error = (body as { error: Record<string, unknown> }).error;
  assert.deepEqual(Object.keys(error).sort(), ["code", "details", "message"]);
  assert.equal(error.code, code);
}

test("malformed, mistyped, unknown-field and oversized requests get 4xx envelopes and change nothing", async (t) => {
  const { app, store } = await buildTestApp(t, { bodyLimit: 1024 * 1024 });
  const cases: Array<{ name: string; payload: string; contentType?: string; status: number; code: string }> = [
    { name: "malformed JSON", payload: '{"scope_id":', status: 422, code: "invalid_request" },
    { name: "array body", payload: "[]", status: 422, code: "invalid_request" },
    { name: "string body", payload: '"x"', status: 422, code: "invalid_request" },
    { name: "empty body", payload: "", status: 422, code: "invalid_request" },
    {
      name: "no content type",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "b" }),
      contentType: "",
      status: 422,
      code: "invalid_request",
    },
    {
      name: "text/plain",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "b" }),
      contentType: "text/plain",
      status: 422,
      code: "invalid_request",
    },
    {
      name: "unknown field",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "b", extra: 1 }),
      status: 422,
      code: "invalid_request",
    },
    {
      name: "blank content",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "   " }),
      status: 422,
      code: "invalid_request",
    },
    {
      name: "blank source id",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: " ", content: "b" }),
      status: 422,
      code: "invalid_request",
    },
    {
      name: "content over 200,000 characters",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "é".repeat(200_001) }),
      status: 422,
      code: "invalid_request",
    },
    {
      name: "body over the limit",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "x".repeat(1_100_000) }),
      status: 413,
      code: "payload_too_large",
    },
    {
      name: "metadata not an object",
      payload: JSON.stringify({ scope_id: SCOPE, source_id: "a", content: "b", metadata: [1] }),
      status: 422,
      code: "invalid_request",
    },
    {
      name: "scope over 256",
      payload: JSON.stringify({ scope_id: "s".repeat(257), source_id: "a", content: "b" }),
      status: 422,
      code: "invalid_request",
    },
    {
      name: "prototype pollution",
      payload: '{"scope_id":"s","source_id":"a","content":"b","__proto__":{"x":1}}',
      status: 422,
      code: "invalid_request",
    },
  ];
  for (const c of cases) {
    const headers: Record<string, string> =
      c.contentType === "" ? {} : { "content-type": c.contentType ?? "application/json" };
    const response = await app.inject({ method: "POST", url: "/v1/sources/content", payload: c.payload, headers });
    assert.equal(response.statusCode, c.status, `${c.name}: ${response.body.slice(0, 200)}`);
    assertEnvelope(response.json(), c.code);
    assert.match(String(response.headers["x-powercontext-request-id"]), /^[0-9a-f]{16}$/);
  }
  assert.equal((await store.readJournalWindow(SCOPE, 10)).high_watermark, 0);
});

test("strict types: strings are not integers and integers are not booleans", async (t) => {
  const { post, store } = await buildTestApp(t);
  const cases: Array<[string, object]> = [
    ["/v1/context/prepare", { scope_id: SCOPE, query: "q", max_bytes: "8000" }],
    ["/v1/context/prepare", { scope_id: SCOPE, query: "q", max_bytes: 511 }],
    ["/v1/memory/entries/list", { scope_id: SCOPE, include_inactive: 1 }],
    ["/v1/memory/remember", { scope_id: SCOPE, kind: "k", text: "t", expected_revision: 0 }],
    ["/v1/memory/remember", { scope_id: SCOPE, kind: "k", text: "é".repeat(4097) }],
    ["/v1/memory/remember", { scope_id: SCOPE, kind: "k", text: "t", reason: 5 }],
    ["/v1/memory/search", { scope_id: SCOPE, query: "   " }],
    ["/v1/memory/search", { scope_id: SCOPE, query: "q", limit: 51 }],
    ["/v1/memory/search", { scope_id: SCOPE, query: "q", limit: null }],
    [
      "/v1/memory/entries/get",
      {
        scope_id: SCOPE,
        citation: {
          memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
          entry_id: "a",
          entry_version_id: "b",
          x: 1,
        },
      },
    ],
    ["/v1/memory/flush", { scope_id: "" }],
  ];
  for (const [url, body] of cases) {
    const response = await post(url, body);
    assert.equal(response.status, 422, `${url} ${JSON.stringify(body).slice(0, 120)}`);
    assertEnvelope(response.json, "invalid_request");
  }
  assert.equal(await store.getMemoryHead(SCOPE), null);
});

test("unknown paths and methods use the envelope", async (t) => {
  const { app } = await buildTestApp(t);
  const missing = await app.inject({ method: "POST", url: "/v1/nope", payload: {} });
  assert.equal(missing.statusCode, 404);
  assertEnvelope(missing.json(), "not_found");
  const method = await app.inject({ method: "GET", url: "/v1/memory/flush" });
  assert.equal(method.statusCode, 405);
  assertEnvelope(method.json(), "method_not_allowed");
});

test("with a token, every path but health needs it, compared exactly", async (t) => {
  const token = "s3cret-token-0123456789";
  const { app } = await buildTestApp(t, { token });
  const call = (url: string, authorization?: string) =>
    app.inject({ method: "GET", url, headers: authorization === undefined ? {} : { authorization } });
  assert.equal((await call("/health/live")).statusCode, 200);
  assert.equal((await call("/health/ready")).statusCode, 200);
  for (const header of [undefined, `Bearer ${token}x`, `Bearer  ${token}`, `Basic ${token}`, token]) {
    const response = await call("/v1/capabilities", header);
    assert.equal(response.statusCode, 401, String(header));
    assert.equal(response.headers["www-authenticate"], "Bearer");
    assertEnvelope(response.json(), "unauthorized");
  }
  assert.equal((await call("/v1/unknown", undefined)).statusCode, 401);
  assert.equal((await call("/v1/capabilities", `bearer ${token}`)).statusCode, 200);
  assert.equal((await call("/v1/capabilities", `BEARER ${token}`)).statusCode, 200);
});

test("application operations answer 503 runtime_not_ready while the runtime is not accepting", async (t) => {
  const { app, lifecycle } = await buildTestApp(t);
  lifecycle.accepting = false;
  const response = await app.inject({ method: "GET", url: "/v1/capabilities" });
  assert.equal(response.statusCode, 503);
  assertEnvelope(response.json(), "runtime_not_ready");
  const ready = await app.inject({ method: "GET", url: "/health/ready" });
  assert.equal(ready.statusCode, 503);
  assert.deepEqual(ready.json(), { status: "not_ready", checks: { runtime: "not_ready", database: "ready" } });
});
