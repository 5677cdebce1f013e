import assert from "node:assert/strict";
import { test } from "node:test";
import { definedFields } from "./defined-fields.ts";

test("an option that was not given is left out, while falsy values that were given stay", () => {
  const fields = definedFields({ scope_id: "s", limit: undefined, cursor: "", max_bytes: 0, reason: null });
  assert.deepEqual(fields, { scope_id: "s", cursor: "", max_bytes: 0, reason: null });
  assert.equal("limit" in fields, false);
});
