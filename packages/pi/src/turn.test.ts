import assert from "node:assert/strict";
import { test } from "node:test";
import { turnIdentity } from "./turn.ts";

test("the turn number is the branch's user messages plus one, and a blank session id is unknown", () => {
  const branch = [
    { type: "model_change" },
    { type: "message", message: { role: "user" } },
    { type: "message", message: { role: "assistant" } },
    { type: "message", message: { role: "user" } },
    { type: "custom", message: { role: "user" } },
  ];
  assert.deepEqual(turnIdentity({ getSessionId: () => " abc ", getBranch: () => branch }), {
    sessionId: "abc",
    turnId: "3",
  });
  assert.deepEqual(turnIdentity({ getSessionId: () => "", getBranch: () => [] }), {
    sessionId: "unknown",
    turnId: "1",
  });
  const broken = {
    getSessionId: (): string => {
      throw new Error("x");
    },
    getBranch: (): unknown[] => {
      throw new Error("y");
    },
  };
  assert.deepEqual(turnIdentity(broken), { sessionId: "unknown", turnId: "1" });
});
