// The extension's wiring against a stub host (no Pi process): what it does with Pi's compaction when its own context
// hook cannot run, e.g. on a host whose session manager lacks an API it uses. The healthy paths are proven in real Pi.
import assert from "node:assert/strict";
import { test } from "node:test";
import { registerFold } from "../extensions/fold.ts";

type Handler = (event: unknown, ctx: unknown) => unknown;

function stubHost(): { handlers: Map<string, Handler>; api: unknown } {
  const handlers = new Map<string, Handler>();
  const api = {
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    registerTool: () => undefined,
    registerCommand: () => undefined,
    appendEntry: () => undefined,
    sendMessage: () => undefined,
    setLabel: () => undefined,
  };
  return { handlers, api };
}

function context(buildContextEntries: () => unknown[]): unknown {
  return {
    hasUI: false,
    model: { contextWindow: 16_000, maxTokens: 2_000 },
    abort: () => undefined,
    sessionManager: {
      getSessionFile: () => undefined,
      getSessionId: () => "wiring-test",
      getBranch: () => [],
      buildContextEntries,
    },
  };
}

test("while the context hook fails, Pi's threshold compaction is passed through instead of cancelled", async () => {
  const { handlers, api } = stubHost();
  registerFold(api as Parameters<typeof registerFold>[0]);
  const call = (event: string, payload: unknown, ctx: unknown) => (handlers.get(event) as Handler)(payload, ctx);
  const healthy = context(() => []);
  const broken = context(() => {
    throw new TypeError("buildContextEntries is not a function");
  });
  const threshold = {
    reason: "threshold",
    willRetry: false,
    branchEntries: [],
    preparation: { tokensBefore: 14_000 },
  };
  const stderr = process.stderr.write;
  const logged: string[] = [];
  process.stderr.write = ((chunk: string) => logged.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    await call("session_start", { reason: "startup" }, healthy);
    await call("context", { messages: [] }, healthy);
    assert.deepEqual(await call("session_before_compact", threshold, healthy), { cancel: true }, "folding owns it");

    assert.equal(await call("context", { messages: [] }, broken), undefined, "the failing hook changes nothing");
    assert.equal(await call("session_before_compact", threshold, broken), undefined, "Pi's compaction runs");
    assert.ok(logged.some((line) => line.includes('"event":"context.failed"')));
    assert.ok(logged.some((line) => line.includes('"event":"compaction.passed"')));

    await call("context", { messages: [] }, healthy);
    assert.deepEqual(await call("session_before_compact", threshold, healthy), { cancel: true }, "folding again");
  } finally {
    process.stderr.write = stderr;
  }
});

test("registerFold is importable from the package's ./extension export, for a wrapper that passes options", async () => {
  const exported = (await import("powercontext-fold/extension")) as { registerFold: unknown };
  assert.equal(exported.registerFold, registerFold);
});
