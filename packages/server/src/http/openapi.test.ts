import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { OPENAPI_PATH, renderOpenApiYaml } from "../../scripts/openapi-document.ts";
import { buildTestApp } from "../testing/test-app.ts";

test("the committed openapi/powercontext.yaml matches the route schemas (run `npm run openapi` after changing them)", async () => {
  assert.equal(readFileSync(OPENAPI_PATH, "utf8"), await renderOpenApiYaml());
});

test("the Server serves its OpenAPI document at /openapi.json with every operation", async (t) => {
  const { app } = await buildTestApp(t);
  const response = await app.inject({ method: "GET", url: "/openapi.json" });
  assert.equal(response.statusCode, 200);
  const document = response.json() as { paths: Record<string, Record<string, { operationId: string }>> };
  const operations = Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).map((m) => m.operationId),
  );
  for (const id of [
    "capture_content_source",
    "prepare_context",
    "flush_memory",
    "remember_memory",
    "list_memory_candidates",
  ]) {
    assert.ok(operations.includes(id), id);
  }
  assert.equal(operations.includes("metrics"), false);
});
