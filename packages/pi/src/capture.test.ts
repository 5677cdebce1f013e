import assert from "node:assert/strict";
import { test } from "node:test";
import { sha256Hex, utf8Length } from "@powercontext/protocol";
import { captureSkipReason, MAX_CAPTURE_BYTES, promptSourceBody, promptSourceId, readPosition } from "./capture.ts";

test("a multibyte prompt of exactly 200,000 UTF-8 bytes is captured and one byte more is not", () => {
  const exact = "€".repeat(66_666) + "ab"; // 3 × 66,666 + 2 = 200,000 bytes
  assert.equal(utf8Length(exact), MAX_CAPTURE_BYTES);
  assert.equal(captureSkipReason(exact, true), null);
  assert.equal(captureSkipReason(`${exact}c`, true), "too_large");
  const fourByte = "😀".repeat(50_000);
  assert.equal(captureSkipReason(fourByte, true), null);
  assert.equal(captureSkipReason(`${fourByte}x`, true), "too_large");
});

test("disabled capture and secret-shaped prompts are skipped", () => {
  assert.equal(captureSkipReason("hello", false), "disabled");
  assert.equal(captureSkipReason("deploy with ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", true), "secret");
  assert.equal(captureSkipReason("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMIq7MDENGRbPxRfiCYzQ4x8kLm2Tz", true), "secret");
  assert.equal(captureSkipReason("curl -H 'Authorization: Bearer abcdef0123456789abcdef0123'", true), "secret");
  assert.equal(captureSkipReason("What should happen after the OpenAPI contract changes?", true), null);
});

test("the source id hashes scope, session, turn and prompt joined by NUL", () => {
  const turn = { sessionId: "s-1", turnId: "3" };
  assert.equal(
    promptSourceId("git:github.com/acme/billing", turn, "hi"),
    `pi-user-prompt:${sha256Hex("git:github.com/acme/billing\0s-1\x003\0hi")}`,
  );
  assert.notEqual(promptSourceId("a", turn, "hi"), promptSourceId("a", { sessionId: "s-1", turnId: "4" }, "hi"));
});

test("the capture body carries exactly the five metadata keys and no project or branch field", () => {
  const body = promptSourceBody({
    scopeId: "scope",
    prompt: "Fix the build",
    cwd: "/work/app",
    turn: { sessionId: "s", turnId: "1" },
  });
  assert.deepEqual(Object.keys(body), ["scope_id", "source_id", "content", "metadata"]);
  assert.deepEqual(body.metadata, {
    origin: "pi",
    event: "user_prompt_submit",
    cwd: "/work/app",
    session_id: "s",
    turn_id: "1",
  });
  assert.equal(body.content, "Fix the build");
});

test("only an integer position of at least 1 counts", () => {
  const cases: [unknown, number | null][] = [
    [{ position: 1 }, 1],
    [{ position: 42 }, 42],
    [{ position: 0 }, null],
    [{ position: 1.5 }, null],
    [{ position: "3" }, null],
    [{}, null],
    [null, null],
    [[{ position: 1 }], null],
  ];
  for (const [value, expected] of cases) assert.equal(readPosition(value), expected, JSON.stringify(value));
});
