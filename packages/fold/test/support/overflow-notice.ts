// What the real-Pi overflow check asserts about the agent's notice after a recovery: one appended message per
// recovery, never a rewrite of what the previous request carried.
import assert from "node:assert/strict";
import { briefsOf, type WireRequest, wireText } from "./fake-model.ts";
import type { Entry } from "./session-entries.ts";

export function isOverflowRecovery(entry: Entry): boolean {
  return entry.type === "compaction" && (entry.summary ?? "").startsWith("[powercontext-fold: overflow recovery");
}

/** `requestsBefore`: how many model requests there were before the overflow. */
export function assertOverflowNoticeAppended(
  list: readonly Entry[],
  requests: readonly WireRequest[],
  requestsBefore: number,
): void {
  const notices = list.filter(
    (entry) => entry.type === "custom_message" && entry.customType === "powercontext-fold.overflow",
  );
  assert.equal(notices.length, list.filter(isOverflowRecovery).length, "one overflow notice per recovery");
  const first = requests.findIndex((request) =>
    request.messages.some((message) =>
      wireText(message.content).startsWith("[powercontext-fold: the provider refused"),
    ),
  );
  assert.ok(first > requestsBefore, "a request after the retry carries the notice");
  const carrying = requests[first] as WireRequest;
  const previous = (requests[first - 1] as WireRequest).messages.map((message) => JSON.stringify(message));
  // Pi may append it to the retried request itself, which carries the recovery's commit (a rewrite by design).
  if (briefsOf(carrying).join() === briefsOf(requests[first - 1] as WireRequest).join())
    assert.deepEqual(
      carrying.messages.slice(0, previous.length).map((message) => JSON.stringify(message)),
      previous,
      "the notice is appended: the previous request is an exact prefix",
    );
  assert.match(wireText(carrying.messages.at(-1)?.content), /rolled back .* fold commit \d+ made room/);
}
