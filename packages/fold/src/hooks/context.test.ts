import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { activateFold } from "../activate.ts";
import type { FoldContext } from "../host.ts";
import { committedState } from "../testing/committed.ts";
import { generateTranscript } from "../testing/transcript.ts";
import type { Message } from "../types.ts";
import { projectContext, systemMessagesInPlace } from "./context.ts";

test("once folded, a request builds its context entries once: context_with_system reuses the context hook's", async () => {
  const items = generateTranscript({ seed: 3, stages: 12, resultChars: 800 });
  const head: Message = { role: "system", content: "head" };
  const patch: Message = { role: "system", content: "a section patch" };
  const last = items.at(-1)?.id as string;
  const entries = [
    { type: "message", id: "s0", message: head },
    ...items.map((item) => ({ type: "message", id: item.id, message: item.message })),
    { type: "message", id: "s1", message: patch },
  ];
  let built = 0;
  const ctx = {
    hasUI: false,
    model: { contextWindow: 1_000_000, maxTokens: 2_000 },
    abort: () => undefined,
    sessionManager: {
      getSessionFile: () => undefined,
      getSessionId: () => "hook-test",
      getBranch: () => [],
      buildContextEntries: () => {
        built += 1;
        return entries;
      },
    },
  } as unknown as FoldContext;
  const api = { appendEntry: () => undefined, sendMessage: () => undefined, setLabel: () => undefined };
  const runtime = activateFold(api, {
    input: {},
    complete: async () => ({}) as never,
    agentDir: mkdtempSync(join(tmpdir(), "fold-hook-")),
  });
  runtime.sessionFor(ctx).state = committedState(items);
  const projected = await projectContext(runtime, { messages: items.map((item) => item.message) }, ctx);
  assert.ok(projected !== undefined && projected.messages.length < items.length, "the window is folded");
  const conversation = projected.messages.filter((message) => message.role !== "system");
  const placed = systemMessagesInPlace(runtime, { messages: [head, ...projected.messages] }, ctx);
  assert.equal(built, 1, "buildContextEntries ran once for the request");
  assert.ok(placed !== undefined, "the transcript's system message is put back in place");
  assert.deepEqual(placed.messages[0], head);
  assert.deepEqual(placed.messages.at(-1), patch, `after the message holding ${last}`);
  assert.equal(placed.messages.length, conversation.length + 2);
});
