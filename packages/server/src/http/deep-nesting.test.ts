// Bodies nested absurdly deep (issue 17: 2,500 levels in a 5 KB body used to overflow the stack in the secret scan
// and answer 500) get a clear 422 on every operation, change nothing, and nesting up to the limit is still scanned.
import assert from "node:assert/strict";
import { test } from "node:test";
import { OPERATION_ROUTES } from "@powercontext/protocol";
import { buildTestApp } from "../testing/test-app.ts";
import { MAX_JSON_DEPTH } from "./json-depth.ts";

const SCOPE = "deep-nesting";

/** JSON text of `leaf` wrapped in `levels` arrays (`[[[…]]]`, 2 bytes a level) or objects (`{"a":…}`). */
function wrap(levels: number, leaf: string, container: "array" | "object"): string {
  const [open, close] = container === "array" ? ["[", "]"] : ['{"a":', "}"];
  return `${open.repeat(levels)}${leaf}${close.repeat(levels)}`;
}

function capture(sourceId: string, metadata: string): string {
  return `{"scope_id":"${SCOPE}","source_id":"${sourceId}","content":"We use pnpm.","metadata":${metadata}}`;
}

function assertTooDeep(status: number, body: string, label: string): void {
  assert.equal(status, 422, `${label}: ${body.slice(0, 200)}`);
  const error = JSON.parse(body).error;
  assert.equal(error.code, "invalid_request", label);
  assert.match(error.message, new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`), label);
  assert.deepEqual(error.details.errors[0].type, "nesting_too_deep", label);
  assert.deepEqual(error.details.errors[0].ctx, { limit: MAX_JSON_DEPTH }, label);
}

test("capture metadata nested 2,500 levels (5 KB) up to the body limit gets 422 nesting_too_deep and stores nothing", async (t) => {
  const { app, post } = await buildTestApp(t);
  const bodies = [
    capture("deep", wrap(2_500, "1", "array")),
    capture("deep", `{"a":${wrap(2_500, '"v"', "object")}}`),
    capture("deep", `{"a":${wrap(1_900_000, "1", "array")}}`),
    capture("deep", `{"a":${wrap(MAX_JSON_DEPTH - 1, "1", "array")}}`),
  ];
  assert.ok((bodies[0]?.length ?? 0) < 5_200, "the issue's 5 KB body");
  assert.ok((bodies[2]?.length ?? 0) > 3_700_000, "close to the 4 MiB body limit");
  for (const [index, payload] of bodies.entries()) {
    const response = await app.inject({
      method: "POST",
      url: "/v1/sources/content",
      payload,
      headers: { "content-type": "application/json" },
    });
    assertTooDeep(response.statusCode, response.body, `body ${index}`);
  }
  // Nothing was stored: the same Source identity is accepted afterwards as the scope's first Source.
  const accepted = await post("/v1/sources/content", { scope_id: SCOPE, source_id: "deep", content: "We use pnpm." });
  assert.equal(accepted.status, 202);
  assert.equal(accepted.json.position, 1);
});

test("a secret at the deepest allowed level of capture metadata is redacted", async (t) => {
  const { app } = await buildTestApp(t);
  // Body (1) and metadata (2) count as levels: the leaf object sits at exactly MAX_JSON_DEPTH.
  const password = ["Tr0ub4", "dor&3", "Zq"].join("");
  const leaf = `{"db_password":"${password}"}`;
  const payload = capture("deepest", `{"a":${wrap(MAX_JSON_DEPTH - 3, leaf, "array")}}`);
  const response = await app.inject({
    method: "POST",
    url: "/v1/sources/content",
    payload,
    headers: { "content-type": "application/json" },
  });
  assert.equal(response.statusCode, 202, response.body);
  assert.equal(response.headers["x-powercontext-redactions"], "1");
  assert.ok(!response.body.includes(password));
});

test("every POST operation answers a deeply nested body with 422 nesting_too_deep, never a 5xx", async (t) => {
  const { app } = await buildTestApp(t);
  const posts = Object.values(OPERATION_ROUTES).filter((operation) => operation.method === "POST");
  assert.ok(posts.length >= 20, `${posts.length} POST operations`);
  for (const { path } of posts) {
    for (const payload of [`{"scope_id":"${SCOPE}","x":${wrap(2_500, "1", "array")}}`, wrap(5_000, "{}", "array")]) {
      const response = await app.inject({
        method: "POST",
        url: path,
        payload,
        headers: { "content-type": "application/json" },
      });
      assertTooDeep(response.statusCode, response.body, path);
    }
  }
});
