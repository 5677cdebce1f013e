// /mcp in process (the suites with real clients and a real Server are packages/server/test/mcp-*.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTestApp } from "../../testing/test-app.ts";

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

test("without a token, a web page of another host is refused (DNS rebinding) and a loopback page is not", async (t) => {
  const { app } = await buildTestApp(t);
  const foreign = await app.inject({
    method: "POST",
    url: "/mcp",
    headers: { ...HEADERS, origin: "http://attacker.example:8000" },
    payload: LIST,
  });
  assert.equal(foreign.statusCode, 403);
  assert.equal(foreign.json().error.code, -32000);
  const local = await app.inject({
    method: "POST",
    url: "/mcp",
    headers: { ...HEADERS, origin: "http://localhost:6274" },
    payload: LIST,
  });
  assert.equal(local.statusCode, 200);
  assert.ok(local.json().result.tools.length >= 17);
});

test("with a token, the token decides, whatever the Origin", async (t) => {
  const { app } = await buildTestApp(t, { token: "a-token-of-sixteen-chars" });
  const response = await app.inject({
    method: "POST",
    url: "/mcp",
    headers: { ...HEADERS, origin: "https://dashboard.example", authorization: "Bearer a-token-of-sixteen-chars" },
    payload: LIST,
  });
  assert.equal(response.statusCode, 200);
});

test("a tool call that the Server cannot serve while starting answers runtime_not_ready as a tool error", async (t) => {
  const { app, lifecycle } = await buildTestApp(t);
  lifecycle.accepting = false;
  const response = await app.inject({
    method: "POST",
    url: "/mcp",
    headers: HEADERS,
    payload: JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "search_memory", arguments: { scope_id: "s", query: "q" } },
    }),
  });
  assert.equal(response.statusCode, 200);
  const result = response.json().result;
  assert.equal(result.isError, true);
  assert.equal(JSON.parse(result.content[0].text).error.code, "runtime_not_ready");
});

test("an integer argument spelled with a fraction is refused as over HTTP, not rounded by the second serialization", async (t) => {
  const { app } = await buildTestApp(t);
  const call = (limit: string) =>
    app.inject({
      method: "POST",
      url: "/mcp",
      headers: HEADERS,
      payload: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_memory","arguments":{"scope_id":"s","query":"q","limit":${limit}}}}`,
    });
  const refused = (await call("10.0")).json().result;
  assert.equal(refused.isError, true);
  assert.deepEqual(JSON.parse(refused.content[0].text).error.details.errors[0].loc, ["body", "limit"]);
  assert.notEqual((await call("10")).json().result.isError, true);
});
