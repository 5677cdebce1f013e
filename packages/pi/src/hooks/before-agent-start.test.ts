import assert from "node:assert/strict";
import { test } from "node:test";
import { PiError } from "../errors.ts";
import { CONTEXT_LABEL } from "../recall.ts";
import { createFakeClient, makeContext, makeRuntime, makeSettings, type FakeCall } from "../testing/fake-client.ts";
import { beforeAgentStart } from "./before-agent-start.ts";
import { awaitPendingFlush } from "./lifecycle.ts";

const READY = { schema: "powercontext.prepared-context.v1", status: "ready", content: "MEMO", content_bytes: 4 };

function server(overrides: Partial<Record<string, (call: FakeCall) => unknown>> = {}) {
  return createFakeClient((call) => {
    const override = overrides[call.operation];
    if (override !== undefined) return override(call);
    if (call.operation === "prepare_context") return READY;
    if (call.operation === "capture_content_source") return { status: "accepted", position: 7 };
    if (call.operation === "flush_memory") return { current_cursor: 7 };
    return {};
  });
}
const ops = (calls: FakeCall[]) => calls.map((call) => call.operation);

test("a blank prompt makes no request and changes nothing", async () => {
  const client = server();
  assert.equal(
    await beforeAgentStart(makeRuntime(client), { prompt: " \n\t ", systemPrompt: "BASE" }, makeContext()),
    undefined,
  );
  assert.equal(await beforeAgentStart(makeRuntime(client), { systemPrompt: "BASE" }, makeContext()), undefined);
  assert.equal(client.calls.length, 0);
});

test("recall is appended and the trimmed prompt is captured with its derived turn", async () => {
  const client = server();
  const runtime = makeRuntime(client);
  const ctx = makeContext({ branch: [{ type: "message", message: { role: "user" } }], sessionId: "sess" });
  const result = await beforeAgentStart(runtime, { prompt: "  Fix it  ", systemPrompt: "BASE" }, ctx);
  assert.deepEqual(result, { systemPrompt: `BASE\n\n${CONTEXT_LABEL}\n\nMEMO` });
  assert.deepEqual(ops(client.calls).sort(), ["capture_content_source", "prepare_context"]);
  const capture = client.calls.find((call) => call.operation === "capture_content_source");
  assert.equal(capture?.payload.content, "Fix it");
  assert.deepEqual(capture?.payload.metadata, {
    origin: "pi",
    event: "user_prompt_submit",
    cwd: "/work/project",
    session_id: "sess",
    turn_id: "2",
  });
  assert.equal(runtime.flusher.pendingPosition("scope-a"), 7);
});

test("a failing prepare does not stop the capture", async () => {
  const client = server({
    prepare_context: () => {
      throw new PiError("transport_failed", "down");
    },
  });
  const runtime = makeRuntime(client);
  assert.equal(await beforeAgentStart(runtime, { prompt: "hello", systemPrompt: "BASE" }, makeContext()), undefined);
  assert.equal(runtime.flusher.pendingPosition("scope-a"), 7);
});

test("a failing capture keeps the valid recalled context", async () => {
  const client = server({
    capture_content_source: () => {
      throw new PiError("http_error", "500");
    },
  });
  const runtime = makeRuntime(client);
  const result = await beforeAgentStart(runtime, { prompt: "hello", systemPrompt: "BASE" }, makeContext());
  assert.ok(result !== undefined && "systemPrompt" in result);
  assert.match(result.systemPrompt, /MEMO$/);
  assert.equal(runtime.flusher.pendingPosition("scope-a"), undefined);
});

test("a capture response without a usable position leaves nothing pending", async () => {
  const runtime = makeRuntime(server({ capture_content_source: () => ({ status: "accepted", position: 0 }) }));
  await beforeAgentStart(runtime, { prompt: "hello", systemPrompt: "BASE" }, makeContext());
  assert.equal(runtime.flusher.pendingPosition("scope-a"), undefined);
});

test("disabled, secret-shaped and oversized prompts are recalled for but not captured", async () => {
  const prompts: [string, Record<string, string>][] = [
    ["ordinary", { POWERCONTEXT_PI_CAPTURE_PROMPTS: "false" }],
    ["token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", {}],
    ["x".repeat(200_001), {}],
  ];
  for (const [prompt, env] of prompts) {
    const client = server();
    await beforeAgentStart(
      makeRuntime(client, { settings: makeSettings(env) }),
      { prompt, systemPrompt: "BASE" },
      makeContext(),
    );
    assert.deepEqual(ops(client.calls), ["prepare_context"], prompt.slice(0, 20));
  }
});

test("flush-on-capture flushes now, and on exhaustion keeps the position for a later boundary", async () => {
  const ok = server();
  const runtime = makeRuntime(ok, { flushOnCapture: true });
  await beforeAgentStart(runtime, { prompt: "hello", systemPrompt: "BASE" }, makeContext());
  assert.deepEqual(
    ops(ok.calls).filter((op) => op === "flush_memory"),
    ["flush_memory"],
  );
  assert.equal(runtime.flusher.pendingPosition("scope-a"), undefined);

  let failing = true;
  const flaky = server({
    flush_memory: () => {
      if (failing) throw new PiError("http_error", "503");
      return { current_cursor: 7 };
    },
  });
  const retained = makeRuntime(flaky, { flushOnCapture: true });
  await beforeAgentStart(retained, { prompt: "hello", systemPrompt: "BASE" }, makeContext());
  assert.equal(flaky.calls.filter((call) => call.operation === "flush_memory").length, 4);
  assert.equal(retained.flusher.pendingPosition("scope-a"), 7);
  failing = false;
  await awaitPendingFlush(retained);
  assert.equal(retained.flusher.pendingPosition("scope-a"), undefined);
});

test("prepare and capture share the turn budget: a hung Server ends the turn within it", async (t) => {
  const keepAlive = setInterval(() => undefined, 20); // AbortSignal.timeout does not hold the event loop open
  t.after(() => clearInterval(keepAlive));
  const client = createFakeClient(
    (call) =>
      new Promise((_resolve, reject) => {
        call.signal?.addEventListener("abort", () => reject(new PiError("transport_failed", "aborted")));
      }),
  );
  const runtime = makeRuntime(client, { settings: makeSettings({ POWERCONTEXT_PI_HTTP_BUDGET_MS: "150" }) });
  const started = Date.now();
  assert.equal(await beforeAgentStart(runtime, { prompt: "hello", systemPrompt: "BASE" }, makeContext()), undefined);
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 140 && elapsed < 600, `elapsed ${elapsed}`);
});

const BLOCK = `${CONTEXT_LABEL}\n\nMEMO`;

test("section placement: the recall becomes the powercontext section and nothing is returned", async () => {
  const sections: Record<string, unknown> = { other: "x" };
  const runtime = makeRuntime(server());
  const result = await beforeAgentStart(
    runtime,
    { prompt: "hello", systemPrompt: "BASE", systemPromptOptions: { sections } },
    makeContext(),
  );
  assert.equal(result, undefined);
  assert.deepEqual(sections, { other: "x", powercontext: BLOCK });
  assert.equal(runtime.placement?.placement, "section");
});

test("section placement: nothing recalled removes the section", async () => {
  const empty = { schema: "powercontext.prepared-context.v1", status: "empty", content: "", content_bytes: 0 };
  const sections: Record<string, unknown> = {};
  const held = [
    {
      type: "message",
      message: { role: "system", sections: { powercontext: `<powercontext>\n${BLOCK}\n</powercontext>` } },
    },
  ];
  await beforeAgentStart(
    makeRuntime(server({ prepare_context: () => empty })),
    { prompt: "hello", systemPrompt: "BASE", systemPromptOptions: { sections } },
    makeContext({ branch: held }),
  );
  assert.deepEqual(sections, {});
});

test("a run started by a custom message recalls and captures nothing and keeps the held section", async () => {
  const client = server();
  const sections: Record<string, unknown> = {};
  const held = [
    {
      type: "message",
      message: { role: "system", sections: { powercontext: `<powercontext>\n${BLOCK}\n</powercontext>` } },
    },
  ];
  const result = await beforeAgentStart(
    makeRuntime(client),
    { systemPrompt: "BASE", systemPromptOptions: { sections } },
    makeContext({ branch: held }),
  );
  assert.equal(result, undefined);
  assert.equal(client.calls.length, 0);
  assert.deepEqual(sections, { powercontext: BLOCK });
});

test("message placement: a hidden recall message, not sent again while the window holds the same", async () => {
  const runtime = makeRuntime(server(), { settings: makeSettings({ POWERCONTEXT_PI_RECALL_PLACEMENT: "message" }) });
  const first = await beforeAgentStart(runtime, { prompt: "hello", systemPrompt: "BASE" }, makeContext());
  assert.deepEqual(first, { message: { customType: "powercontext-recall", content: BLOCK, display: false } });
  const held = [{ type: "custom_message", customType: "powercontext-recall", content: BLOCK }];
  const again = await beforeAgentStart(
    runtime,
    { prompt: "hello", systemPrompt: "BASE" },
    makeContext({ branch: held }),
  );
  assert.equal(again, undefined);
});

test("system-prompt placement on a host with sections appends as the seed says and leaves sections alone", async () => {
  const sections: Record<string, unknown> = {};
  const runtime = makeRuntime(server(), {
    settings: makeSettings({ POWERCONTEXT_PI_RECALL_PLACEMENT: "system-prompt" }),
  });
  const result = await beforeAgentStart(
    runtime,
    { prompt: "hello", systemPrompt: "BASE", systemPromptOptions: { sections } },
    makeContext(),
  );
  assert.deepEqual(result, { systemPrompt: `BASE\n\n${BLOCK}` });
  assert.deepEqual(sections, {});
});
