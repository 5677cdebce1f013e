import assert from "node:assert/strict";
import { test } from "node:test";
import type { EntryLike } from "./items.ts";
import { systemMessagesOf, withSystemMessages } from "./system-messages.ts";
import type { Message } from "./types.ts";

const system = (text: string): Message => ({ role: "system", content: text });
const user = (text: string): Message => ({ role: "user", content: text, timestamp: 1 });
const entry = (id: string, message: Message): EntryLike => ({ type: "message", id, message });

test("system messages are read with the paired entry before each; a compaction's prompt state leads", () => {
  const entries: EntryLike[] = [
    { type: "compaction", id: "c", systemMessage: system("head") },
    entry("u1", user("one")),
    { type: "label", id: "l" },
    entry("s1", system("patch 1")),
    { type: "custom_message", id: "m1", customType: "note", content: "x" },
    entry("s2", { role: "system", content: null }),
  ];
  assert.deepEqual(systemMessagesOf(entries), [
    { message: system("head"), after: null },
    { message: system("patch 1"), after: "u1" },
    { message: { role: "system", content: "" }, after: "m1" },
  ]);
});

test("later system messages go after the projected message holding their predecessor, in order", () => {
  const brief = user("[folded F1: …]");
  const tail = user("three");
  const placed = [
    { message: system("head"), after: null },
    { message: system("early"), after: null },
    { message: system("patch 1"), after: "u1" },
    { message: system("patch 2"), after: "u2" },
    { message: system("patch 3"), after: "u3" },
  ];
  // u1 and u2 are folded into the brief at position 0; u3 is raw at position 1.
  const positions: Record<string, number> = { u1: 0, u2: 0, u3: 1 };
  const messages = withSystemMessages([brief, tail], placed, (id) => positions[id] ?? null);
  assert.deepEqual(messages, [
    system("head"),
    system("early"),
    brief,
    system("patch 1"),
    system("patch 2"),
    tail,
    system("patch 3"),
  ]);
});

test("nothing to restore, or a predecessor that cannot be placed, keeps Pi's rebuilt head (null)", () => {
  const head = { message: system("head"), after: null };
  assert.equal(
    withSystemMessages([user("a")], [head], () => 0),
    null,
  );
  assert.equal(
    withSystemMessages([user("a")], [], () => 0),
    null,
  );
  assert.equal(
    withSystemMessages([user("a")], [head, { message: system("p"), after: "gone" }], () => null),
    null,
  );
  assert.equal(
    withSystemMessages([user("a")], [{ message: system("p"), after: "u" }], () => 0),
    null,
  );
});
