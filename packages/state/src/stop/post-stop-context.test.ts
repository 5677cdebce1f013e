import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyState } from "../state.ts";
import { postStopContext } from "./post-stop-context.ts";
import type { StopMarker } from "./stop-marker.ts";

const user = (text: string, timestamp: number) => ({ role: "user", content: text, timestamp });
const reply = (text: string, timestamp: number) => ({
  role: "assistant",
  content: [{ type: "text", text }],
  timestamp,
});
const call = (id: string, timestamp: number) => ({
  role: "assistant",
  content: [{ type: "toolCall", id, name: "bash", arguments: {} }],
  timestamp,
});
const result = (id: string, timestamp: number) => ({ role: "toolResult", toolCallId: id, content: [], timestamp });
const custom = (customType: string, timestamp: number) => ({ role: "custom", customType, content: "x", timestamp });
const texts = (messages: readonly unknown[] | null) =>
  messages?.map((message) => {
    const value = message as { role: string; customType?: string; toolCallId?: string; timestamp: number };
    return `${value.customType ?? value.toolCallId ?? value.role}@${value.timestamp}`;
  }) ?? null;

const marker = (at: number, from?: number): StopMarker => ({
  at,
  ...(from === undefined ? {} : { from }),
  session: "s",
  state: emptyState(),
});

test("an interrupted run keeps its trajectory; earlier conversation and private feedback leave; foreign custom context stays", () => {
  const messages = [
    user("earlier", 1),
    reply("earlier answer", 2),
    custom("other-extension-note", 3),
    user("the run", 10),
    reply("draft", 11),
    custom("powercontext-state-finalize", 12),
    call("c1", 13),
    result("c1", 25),
    reply("after stop", 26),
  ];
  assert.deepEqual(texts(postStopContext(messages, marker(20, 10))), [
    "other-extension-note@3",
    "user@10",
    "assistant@11",
    "assistant@13",
    "c1@25",
    "assistant@26",
  ]);
});

test("an idle Stop keeps only post-stop conversation and foreign custom context", () => {
  const messages = [user("earlier", 1), reply("answer", 2), custom("note", 3), user("after", 30), reply("ok", 31)];
  assert.deepEqual(texts(postStopContext(messages, marker(20))), ["note@3", "user@30", "assistant@31"]);
});

test("a result kept after Stop keeps the call it answers, and that call keeps all its results", () => {
  const messages = [
    user("earlier", 1),
    {
      role: "assistant",
      content: [
        { type: "toolCall", id: "a" },
        { type: "toolCall", id: "b" },
      ],
      timestamp: 5,
    },
    result("a", 6),
    result("b", 21),
  ];
  assert.deepEqual(texts(postStopContext(messages, marker(20))), ["assistant@5", "a@6", "b@21"]);
});

test("nothing to drop gives null; private feedback after Stop (a migration run's) stays", () => {
  assert.equal(postStopContext([user("after", 30), custom("powercontext-state-finalize", 31)], marker(20)), null);
});
