import assert from "node:assert/strict";
import { test } from "node:test";
import { withoutStatusUpdates } from "./passive-transcript.ts";

test("a passive run drops only the footer statuses extensions set; any other UI request still counts", () => {
  const status = { type: "extension_ui_request", id: "u1", method: "setStatus", statusKey: "pc", statusText: "ok" };
  const notify = { type: "extension_ui_request", id: "u2", method: "notify", message: "hello" };
  const response = { type: "response", id: "pc-1", command: "get_state", success: true, data: {} };
  assert.deepEqual(withoutStatusUpdates([status, response, notify]), [response, notify]);
});
