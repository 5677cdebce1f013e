import assert from "node:assert/strict";
import { test } from "node:test";
import { CodedError, describeErrorsOf } from "./coded-error.ts";

class ExampleError extends CodedError<"broken", { part: string }> {}

test("a package's error class carries its name, code, details and cause", () => {
  const cause = new Error("below");
  const error = new ExampleError("broken", "it broke", { cause, details: { part: "lid" } });
  assert.ok(error instanceof Error);
  assert.deepEqual(
    [error.name, error.code, error.message, error.details, error.cause],
    ["ExampleError", "broken", "it broke", { part: "lid" }, cause],
  );
  assert.equal(new ExampleError("broken", "again").details, null);
});

test("a package describes its own errors by code and message, and anything else as it chooses", () => {
  const describe = describeErrorsOf(ExampleError);
  assert.deepEqual(describe(new ExampleError("broken", "it broke")), { code: "broken", message: "it broke" });
  assert.deepEqual(describe(new TypeError("bad")), { code: "unexpected", name: "TypeError", message: "bad" });
  const byName = describeErrorsOf(ExampleError, (error) => ({ code: "unexpected", name: (error as Error).name }));
  assert.deepEqual(byName(new TypeError("bad")), { code: "unexpected", name: "TypeError" });
});
