import assert from "node:assert/strict";
import { test } from "node:test";
import type { NoticeLevel } from "./host.ts";
import { notifyOrStderr } from "./notify.ts";

function context(hasUI: boolean) {
  const shown: [string, NoticeLevel | undefined][] = [];
  const ui = {
    confirm: async () => false,
    notify: (text: string, level?: NoticeLevel) => void shown.push([text, level]),
  };
  return { ctx: { hasUI, ui }, shown };
}

test("with a UI the text is a notification and nothing is written", () => {
  const { ctx, shown } = context(true);
  const written: string[] = [];
  notifyOrStderr(ctx, "hello", "warning", (text) => written.push(text));
  assert.deepEqual(shown, [["hello", "warning"]]);
  assert.deepEqual(written, []);
});

test("without a UI the text goes to the line writer and the UI is not touched", () => {
  const { ctx, shown } = context(false);
  const written: string[] = [];
  notifyOrStderr(ctx, "hello", "error", (text) => written.push(text));
  assert.deepEqual(shown, []);
  assert.deepEqual(written, ["hello"]);
});
