import assert from "node:assert/strict";
import { test } from "node:test";
import { latchEligibility, resolveTurn, startResolution, terminalTextOf } from "./turn-resolution.ts";

test("an eligible run answers with its prose; nothing else is asked", () => {
  const resolution = startResolution();
  assert.deepEqual(resolveTurn(resolution, null), { action: "none" });
  latchEligibility(resolution);
  assert.deepEqual(resolveTurn(resolution, "42"), { action: "resolve", response: "42", status: "final", fallbacks: 0 });
  assert.deepEqual(resolveTurn(resolution, "later"), { action: "none" }, "closed");
});

test("prose before eligibility is kept; a fallback's own prose never becomes the response", () => {
  const resolution = startResolution();
  assert.deepEqual(resolveTurn(resolution, "the answer"), {
    action: "fallback",
    attempt: 1,
    preserved: true,
    pending: [],
  });
  assert.deepEqual(resolveTurn(resolution, null), { action: "none" }, "a failed patch call uses no budget");
  latchEligibility(resolution);
  assert.deepEqual(resolveTurn(resolution, "done"), {
    action: "resolve",
    response: "the answer",
    status: "final",
    fallbacks: 1,
  });
});

test("two failed fallbacks close the run with the preserved answer, unresolved", () => {
  const resolution = startResolution();
  resolveTurn(resolution, "the answer");
  assert.deepEqual(resolveTurn(resolution, "no"), {
    action: "fallback",
    attempt: 2,
    preserved: false,
    pending: [],
  });
  assert.deepEqual(resolveTurn(resolution, "still no"), {
    action: "resolve",
    response: "the answer",
    status: "unresolved",
    fallbacks: 2,
  });
});

test("an eligible draft that still owes a later acquisition's compilation fails final validation and falls back", () => {
  const resolution = startResolution();
  latchEligibility(resolution);
  assert.deepEqual(resolveTurn(resolution, "the answer", ["/k/a.md"]), {
    action: "fallback",
    attempt: 1,
    preserved: true,
    pending: ["/k/a.md"],
  });
  assert.equal(resolution.eligible, false, "eligibility withdrawn");
  latchEligibility(resolution);
  assert.deepEqual(resolveTurn(resolution, "compiled", []), {
    action: "resolve",
    response: "the answer",
    status: "final",
    fallbacks: 1,
  });
});

test("an acquisition still owed after two fallbacks closes the run unresolved with the answer", () => {
  const resolution = startResolution();
  latchEligibility(resolution);
  resolveTurn(resolution, "the answer", ["/k/a.md"]);
  latchEligibility(resolution);
  assert.equal(resolveTurn(resolution, "again", ["/k/a.md"]).action, "fallback");
  latchEligibility(resolution);
  assert.deepEqual(resolveTurn(resolution, "still", ["/k/a.md"]), {
    action: "resolve",
    response: "the answer",
    status: "unresolved",
    fallbacks: 2,
  });
});

test("only an assistant message that stopped without a tool call is terminal prose", () => {
  const text = (stopReason: string, content: unknown[]) => terminalTextOf({ role: "assistant", stopReason, content });
  assert.equal(text("stop", [{ type: "text", text: "a" }, { type: "thinking" }, { type: "text", text: "b" }]), "ab");
  assert.equal(text("toolUse", [{ type: "toolCall" }]), null);
  assert.equal(text("stop", [{ type: "toolCall" }]), null);
  assert.equal(text("aborted", [{ type: "text", text: "a" }]), null);
  assert.equal(terminalTextOf({ role: "user", content: [] }), null);
});
