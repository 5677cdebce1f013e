// A real Server process: structured logs carry request ids but never prompt or memory text; /metrics is Prometheus.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { startServerProcess } from "../src/testing/server-process.ts";

const MARKER = "zebra-quartz-marker";

test("logs never contain prompt or memory text, every response has a request id, and /metrics counts operations", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-logs-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServerProcess(dataDir, { POWERCONTEXT_SERVER_LOG_LEVEL: "trace" });
  t.after(() => server.child.kill("SIGKILL"));
  let logs = "";
  server.child.stdout?.on("data", (chunk: Buffer) => {
    logs += chunk.toString();
  });
  server.child.stderr?.on("data", (chunk: Buffer) => {
    logs += chunk.toString();
  });
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const scope_id = "logs-scope";
  const responses = [
    await post("/v1/sources/content", { scope_id, source_id: "s1", content: `We always use ${MARKER} for deploys.` }),
    await post("/v1/memory/flush", { scope_id }),
    await post("/v1/memory/remember", { scope_id, kind: "decision", text: `Remember ${MARKER}.` }),
    await post("/v1/context/prepare", { scope_id, query: `what about ${MARKER}?` }),
    await post("/v1/memory/search", { scope_id, query: MARKER }),
    await post("/v1/sources/content", { scope_id, source_id: "bad", content: `${MARKER}`, extra: MARKER }),
  ];
  for (const response of responses) {
    assert.match(response.headers.get("x-powercontext-request-id") ?? "", /^[0-9a-f]{16}$/);
    await response.text();
  }
  assert.equal(responses[5]?.status, 422);
  const metrics = await fetch(`${server.url}/metrics`);
  const text = await metrics.text();
  assert.match(metrics.headers.get("content-type") ?? "", /text\/plain/);
  assert.match(text, /powercontext_http_requests_total\{operation="capture_content_source",status="202"\} 1/);
  assert.match(text, /powercontext_http_request_duration_seconds_bucket\{le="0.005",operation="prepare_context"\}/);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.ok(logs.includes('"reqId"') || logs.includes('"req"'), "request logs are written");
  for (const line of logs.split("\n").filter((l) => l.startsWith("{"))) JSON.parse(line);
  assert.equal(logs.includes(MARKER), false, "a log line contains captured text");
});
