import assert from "node:assert/strict";
import { test } from "node:test";
import { sha256Hex } from "@powercontext/protocol";
import { fixedClock } from "../../testing/fakes.ts";
import { RecentRecalls } from "./recent-recalls.ts";

const item = (entryId: string, content: string) => ({
  citation: {
    memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
    entry_id: entryId,
    entry_version_id: "v",
  },
  content,
  truncated: false,
});

test("recent recalls are listed newest first per scope, the oldest dropped past the capacity", () => {
  const recent = new RecentRecalls({ clock: fixedClock() }, 3);
  for (const [scope, prompt] of [
    ["a", "one"],
    ["b", "two"],
    ["a", "three"],
    ["a", "four"],
  ] as const) {
    recent.record({ scope_id: scope, prompt, content_bytes: 0, items: [], scores: [] });
  }
  assert.deepEqual(
    recent.list("a", 10).map((recall) => recall.prompt_excerpt),
    ["four", "three"],
  );
  assert.deepEqual(
    recent.list("a", 1).map((recall) => recall.prompt_excerpt),
    ["four"],
  );
  assert.equal(recent.list("b", 10).length, 1);
});

test("a recall keeps the prompt's digest, its scrubbed opening words and each item's score and bytes", () => {
  const recent = new RecentRecalls({ clock: fixedClock() });
  const secret = `ghp_${"A1b2C3d4E5".repeat(3)}f6G7h8`;
  const prompt = `Deploy with ${secret} please ${"x".repeat(5000)}`;
  recent.record({ scope_id: "s", prompt, content_bytes: 99, items: [item("e1", "Déploy")], scores: [0.5] });
  const [recall] = recent.list("s", 1);
  assert.ok(recall);
  assert.equal(recall.prompt_digest, sha256Hex(prompt));
  assert.equal(recall.prompt_chars, prompt.length);
  assert.equal(recall.prompt_excerpt.includes(secret), false);
  assert.match(recall.prompt_excerpt, /^Deploy with \[REDACTED:/);
  assert.equal(recall.prompt_excerpt.length <= 240, true);
  assert.equal(recall.status, "ready");
  assert.deepEqual(recall.items, [{ entry_id: "e1", score: 0.5, bytes: 7, excerpt: "Déploy" }]);
});
