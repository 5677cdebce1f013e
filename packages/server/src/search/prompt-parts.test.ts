import assert from "node:assert/strict";
import { test } from "node:test";
import { isPastedLine, splitPrompt } from "./prompt-parts.ts";

test("log lines, stack frames, diffs and code lines count as pasted; sentences and list items as prose", () => {
  const cases: Array<[string, boolean]> = [
    ["2026-03-02T10:11:12Z ERROR billing-api request_id=3f2a ETIMEDOUT after 3021ms", true],
    ["[12:01:33] warn: retrying", true],
    ["    at handler (/srv/app/src/billing.ts:41:13)", true],
    ['  File "/srv/app/main.py", line 12, in <module>', true],
    ["@@ -1,4 +1,6 @@", true],
    ["    const limit = 3;", true],
    ["export async function run(args: string[]): Promise<void> {", true],
    ["}", true],
    ["status=500 path=/v1/export took=31ms", true],
    ['{"level":50,"msg":"boom","pid":4412}', true],
    ["Why does the billing export time out on Fridays?", false],
    ["- the retry limit is 3, right?", false],
    ["Use `npm run test:billing` before pushing.", false],
    ["", false],
  ];
  for (const [line, expected] of cases) assert.equal(isPastedLine(line), expected, line);
});

test("a fenced block is pasted from fence to fence, and a one-line prompt is all prose", () => {
  const prompt = "How do we name events?\n```ts\nconst name = 'x'\nwhy is this here\n```\nThanks!";
  assert.deepEqual(splitPrompt(prompt), {
    prose: "How do we name events?\nThanks!",
    pasted: "```ts\nconst name = 'x'\nwhy is this here\n```",
  });
  assert.deepEqual(splitPrompt("just one line: a = b; c = d;"), { prose: "just one line: a = b; c = d;", pasted: "" });
});

test("an unclosed fence keeps everything after it pasted", () => {
  assert.deepEqual(splitPrompt("Look\n```\nline one\nline two"), { prose: "Look", pasted: "```\nline one\nline two" });
});

test("a line ending in a colon right before a paste introduces it and goes with it", () => {
  const prompt =
    "Why is the export slow?\nHere's the log from billing-api/worker.ts:\n\n2026-03-02T10:11:12Z WARN slow\nThanks.\nNotes:\nnone";
  assert.deepEqual(splitPrompt(prompt), {
    prose: "Why is the export slow?\n\nThanks.\nNotes:\nnone",
    pasted: "Here's the log from billing-api/worker.ts:\n2026-03-02T10:11:12Z WARN slow",
  });
});
