import assert from "node:assert/strict";
import { test } from "node:test";
import { formatBytes } from "@powercontext/pi-kit";
import { renderPreparedContent } from "@powercontext/protocol";
import { readySummary } from "./recall-summary.ts";
import { indicatorText } from "./status-indicator.ts";

const AT = "2026-12-02T09:00:00.000Z";

test("the indicator names reachability, the last recall and capture in one short line", () => {
  const citation = {
    memory_ref: { family: "memory", artifact_id: "m", revision: 1 },
    entry_id: "e1",
    entry_version_id: "v1",
  };
  const content = renderPreparedContent([
    { citation, content: "Keep SQLite only for tests.", truncated: false },
    { citation: { ...citation, entry_id: "e2" }, content: "Deploy from\nthe release branch.", truncated: false },
  ]);
  const ready = readySummary(content, AT);
  assert.deepEqual(ready.status === "ready" && ready.items, [
    "Keep SQLite only for tests.",
    "Deploy from the release branch.",
  ]);
  assert.equal(
    indicatorText({ server: "reachable", lastRecall: ready, capture: true }),
    `PowerContext · recalled 2 items (${formatBytes(Buffer.byteLength(content))}) · capture on`,
  );
  assert.equal(
    indicatorText({ server: "unreachable", lastRecall: ready, capture: false }),
    "PowerContext · Server unreachable · capture off",
  );
  assert.equal(
    indicatorText({ server: "reachable", lastRecall: { status: "empty", at: AT }, capture: true }),
    "PowerContext · nothing recalled · capture on",
  );
  assert.equal(
    indicatorText({ server: "unknown", lastRecall: null, capture: true }),
    "PowerContext · not checked yet · capture on",
  );
  assert.equal(
    indicatorText({ server: "reachable", lastRecall: { status: "failed", at: AT, code: "http_error" }, capture: true }),
    "PowerContext · recall failed · capture on",
  );
});

test("a recall block without an items list counts as one item", () => {
  const summary = readySummary("plain text", AT);
  assert.deepEqual(summary, { status: "ready", at: AT, bytes: 10, items: ["plain text"] });
});
