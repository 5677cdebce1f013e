import assert from "node:assert/strict";
import { test } from "node:test";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { OPERATIONS } from "./operations.ts";

test("every routed operation has its schemas, and every operation with schemas has a route", () => {
  assert.deepEqual(Object.keys(OPERATIONS).sort(), Object.keys(OPERATION_ROUTES).sort());
  for (const [id, route] of Object.entries(OPERATION_ROUTES)) {
    const operation = OPERATIONS[id as keyof typeof OPERATIONS];
    assert.deepEqual({ method: operation.method, path: operation.path, summary: operation.summary }, route, id);
  }
});

test("a GET takes its input as a query string or none, and a POST as a JSON body (clients rely on it)", () => {
  for (const [id, operation] of Object.entries(OPERATIONS)) {
    if (operation.method === "GET") assert.equal("body" in operation, false, id);
    else assert.ok("body" in operation && !("querystring" in operation), id);
  }
});

test("every path is unique", () => {
  const paths = Object.values(OPERATION_ROUTES).map((route) => route.path);
  assert.equal(new Set(paths).size, paths.length);
});
