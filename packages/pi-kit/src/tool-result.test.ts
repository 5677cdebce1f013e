import assert from "node:assert/strict";
import { test } from "node:test";
import { failure, renderToolResult } from "./tool-result.ts";

test("a success is rendered as its JSON text with the outcome as details", () => {
  const outcome = { ok: true, data: { hits: [] } };
  assert.deepEqual(renderToolResult(outcome), {
    content: [{ type: "text", text: JSON.stringify(outcome) }],
    details: outcome,
  });
});

test("a failure is thrown with its JSON as the message, which Pi turns into an error result", () => {
  assert.throws(() => renderToolResult(failure("cancelled", "no")), {
    message: JSON.stringify({ ok: false, code: "cancelled", message: "no" }),
  });
});
