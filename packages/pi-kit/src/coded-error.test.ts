import assert from "node:assert/strict";
import { test } from "node:test";
import { CodedError } from "./coded-error.ts";

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
