import assert from "node:assert/strict";
import { test } from "node:test";
import { PiError } from "../errors.ts";
import { createFakeClient, makeContext, makeRuntime, makeUi } from "../testing/fake-client.ts";
import { runPcCommand } from "./pc.ts";

test("/pc without an argument reports the base URL and scope without calling the Server", async () => {
  const client = createFakeClient();
  const report = await runPcCommand(makeRuntime(client, { scope: "git:x/y" }), "--json", makeContext());
  assert.equal(report.ok, true);
  assert.equal(JSON.parse(report.text).scope_id, "git:x/y");
  assert.equal(client.calls.length, 0);
});

test("/pc doctor checks liveness and readiness in parallel without a scope", async () => {
  const client = createFakeClient((call) =>
    call.operation === "get_liveness" ? { status: "ok" } : { status: "ready", checks: {} },
  );
  const report = await runPcCommand(makeRuntime(client), "doctor", makeContext());
  assert.equal(report.ok, true);
  assert.deepEqual(
    client.calls.map((call) => [call.operation, call.payload]),
    [
      ["get_liveness", {}],
      ["get_readiness", {}],
    ],
  );
  const notReady = createFakeClient((call) => {
    if (call.operation === "get_readiness")
      throw new PiError("http_error", "503", {
        details: { status: 503, serverCode: null, serverMessage: null, requestId: null },
      });
    return { status: "ok" };
  });
  assert.equal((await runPcCommand(makeRuntime(notReady), "doctor", makeContext())).ok, false);
});

test("/pc search sends limit 8 and mode auto with the derived scope", async () => {
  const client = createFakeClient(() => ({ hits: [] }));
  await runPcCommand(makeRuntime(client), "search  billing  database ", makeContext());
  assert.deepEqual(client.calls[0]?.payload, {
    query: "billing  database",
    limit: 8,
    mode: "auto",
    scope_id: "scope-a",
  });
});

test("/pc remember and /pc flush are confirmation-gated", async () => {
  for (const args of ["remember keep SQLite for tests", "flush"]) {
    const client = createFakeClient(() => ({}));
    const none = await runPcCommand(makeRuntime(client), `${args} --json`, makeContext({ hasUI: false }));
    assert.equal(JSON.parse(none.text).code, "confirmation_required", args);
    const declined = await runPcCommand(makeRuntime(client), `${args} --json`, makeContext({ ui: makeUi(false) }));
    assert.equal(JSON.parse(declined.text).code, "cancelled", args);
    const neutral = await runPcCommand(makeRuntime(client), args, makeContext({ ui: makeUi(false) }));
    assert.deepEqual([neutral.level, neutral.text], ["info", "Declined: nothing was written."], args);
    assert.equal(client.calls.length, 0, args);
    const approved = await runPcCommand(makeRuntime(client), `${args} --json`, makeContext({ ui: makeUi(true) }));
    assert.equal(approved.ok, true, args);
  }
});

test("/pc remember stores an agent note; /pc stats sends only the scope", async () => {
  const client = createFakeClient(() => ({}));
  await runPcCommand(makeRuntime(client), "remember  Keep SQLite for tests.", makeContext());
  await runPcCommand(makeRuntime(client), "stats --json", makeContext());
  await runPcCommand(makeRuntime(client), "stats 7d --json", makeContext());
  assert.deepEqual(
    client.calls.map((call) => [call.operation, call.payload]),
    [
      ["remember_memory", { kind: "agent-note", text: "Keep SQLite for tests.", scope_id: "scope-a" }],
      ["get_stats", { scope_id: "scope-a" }],
      ["get_stats", { period: "7d", scope_id: "scope-a" }],
    ],
  );
});

test("unknown subcommands and missing arguments get usage, not a request", async () => {
  const client = createFakeClient();
  for (const args of ["outcome", "review", "search", "remember   ", "api get", "stats week", "flush now"]) {
    const report = await runPcCommand(makeRuntime(client), `${args} --json`, makeContext());
    assert.equal(report.ok, false, args);
    assert.equal(JSON.parse(report.text).code, "invalid_request", args);
    const plain = await runPcCommand(makeRuntime(client), args, makeContext());
    assert.match(plain.text, /^Usage: \/pc/, args);
    assert.equal(plain.level, "warning", args);
  }
  assert.equal(client.calls.length, 0);
});

test("/pc answers in a few lines by default: status with the last recall, a saved entry's id", async () => {
  const runtime = makeRuntime(
    createFakeClient(() => ({
      memory: { family: "memory", artifact_id: "m", revision: 4 },
      entry: {
        citation: {
          memory_ref: { family: "memory", artifact_id: "m", revision: 4 },
          entry_id: "ent_1",
          entry_version_id: "v",
        },
        version: 1,
        kind: "agent-note",
        text: "Keep SQLite for tests.",
        state: "active",
        source_refs: [],
        artifact_refs: [],
      },
    })),
  );
  runtime.lastRecall = {
    status: "ready",
    at: "2026-12-02T09:00:01.000Z",
    bytes: 1234,
    items: ["Keep SQLite for tests."],
  };
  runtime.server = "reachable";
  const status = await runPcCommand(runtime, "", makeContext());
  assert.match(status.text, /^Last recall +1 item, 1\.2 kB at 09:00:01$/m);
  assert.match(status.text, /^ {2}1\. Keep SQLite for tests\.$/m);
  assert.match(status.text, /Server reachable/);
  const saved = await runPcCommand(runtime, "remember Keep SQLite for tests.", makeContext());
  assert.deepEqual([saved.level, saved.text], ["info", "Saved to Memory as ent_1 (agent-note)."]);
});

test("/pc doctor with the Server down speaks to the person and marks it unreachable", async () => {
  const runtime = makeRuntime(
    createFakeClient(() => {
      throw new PiError("transport_failed", "connect ECONNREFUSED");
    }),
  );
  const report = await runPcCommand(runtime, "doctor", makeContext());
  assert.equal(report.level, "warning");
  assert.match(report.text, /^PowerContext Server at http:\/\/127\.0\.0\.1:8000 is not reachable\.$/m);
  assert.doesNotMatch(report.text, /continue the task/);
  assert.equal(runtime.server, "unreachable");
});
