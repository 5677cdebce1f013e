// A 422 says what was wrong and where: unreadable bodies (no or another content type, empty, not JSON) and schema
// violations keep the contract's code `invalid_request` and carry the field path in details.errors[].loc.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../testing/test-app.ts";

const BODY = JSON.stringify({ scope_id: "s", source_id: "a", content: "a secret-looking body text" });

test("each unreadable or invalid request gets invalid_request with a message and a field path saying what was wrong", async (t) => {
  const { app } = await buildTestApp(t);
  const cases: Array<{
    name: string;
    payload: string;
    headers: Record<string, string>;
    message: RegExp;
    loc: string[];
  }> = [
    {
      name: "no content type",
      payload: BODY,
      headers: {},
      message: /must be JSON: no Content-Type was sent; send the header `Content-Type: application\/json`/,
      loc: ["header", "content-type"],
    },
    {
      name: "curl -d default",
      payload: BODY,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      message: /the Content-Type was `application\/x-www-form-urlencoded`/,
      loc: ["header", "content-type"],
    },
    {
      name: "malformed JSON",
      payload: '{"scope_id": nope',
      headers: { "content-type": "application/json" },
      message: /^The request body is not valid JSON( \(at character \d+\))?\.$/,
      loc: ["body"],
    },
    {
      name: "empty body",
      payload: "",
      headers: { "content-type": "application/json" },
      message: /The request body is empty/,
      loc: ["body"],
    },
    {
      name: "unknown field",
      payload: JSON.stringify({ scope_id: "s", source_id: "a", content: "b", colour: 1 }),
      headers: { "content-type": "application/json" },
      message: /body\.colour must NOT have additional properties/,
      loc: ["body", "colour"],
    },
    {
      name: "limit too large",
      payload: JSON.stringify({ scope_id: "s", query: "q", limit: 1000 }),
      headers: { "content-type": "application/json" },
      message: /body\.limit must be <= 50/,
      loc: ["body", "limit"],
    },
  ];
  for (const c of cases) {
    const url = c.name === "limit too large" ? "/v1/memory/search" : "/v1/sources/content";
    const response = await app.inject({ method: "POST", url, payload: c.payload, headers: c.headers });
    assert.equal(response.statusCode, 422, c.name);
    const { error } = response.json() as {
      error: { code: string; message: string; details: { errors: Array<{ loc: string[] }> } };
    };
    assert.equal(error.code, "invalid_request", c.name);
    assert.match(error.message, c.message, c.name);
    assert.deepEqual(error.details.errors[0]?.loc, c.loc, c.name);
    assert.doesNotMatch(response.body, /secret-looking|nope/, `${c.name}: the body is never echoed`);
  }
});

test("a bad candidate status names the field", async (t) => {
  const { app } = await buildTestApp(t);
  const response = await app.inject({
    method: "POST",
    url: "/v1/memory/candidates/list",
    payload: { scope_id: "s", status: "pendin" },
  });
  assert.equal(response.statusCode, 422);
  const { error } = response.json() as { error: { message: string; details: { errors: Array<{ loc: string[] }> } } };
  assert.match(error.message, /body\.status must be equal to one of the allowed values/);
  assert.deepEqual(error.details.errors[0]?.loc, ["body", "status"]);
});
