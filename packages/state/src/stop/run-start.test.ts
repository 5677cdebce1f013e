import assert from "node:assert/strict";
import { test } from "node:test";
import type { HostContext } from "../host.ts";
import { MODE_ENTRY } from "../modes.ts";
import { emptyState } from "../state.ts";
import { interruptedRunFrom, RUN_ENTRY } from "./run-start.ts";
import { createStopTracker } from "./stop-tracker.ts";

const run = (session = "s") => ({ type: "custom", customType: RUN_ENTRY, data: { session } });
const user = (timestamp: number) => ({ type: "message", message: { role: "user", timestamp } });
const assistant = (stopReason: string) => ({ type: "message", message: { role: "assistant", stopReason } });
const stopped = {
  type: "custom",
  customType: MODE_ENTRY,
  data: { mode: "passive", stop: { at: 9, session: "s", state: emptyState() } },
};

test("the branch's last run, when interrupted, is anchored at its first user message (steering does not move it)", () => {
  const aborted = [
    run(),
    user(1),
    assistant("stop"),
    run(),
    user(4),
    assistant("toolUse"),
    user(6),
    assistant("aborted"),
  ];
  assert.equal(interruptedRunFrom(aborted, "s"), 4);
  assert.equal(interruptedRunFrom([run(), user(4), assistant("toolUse")], "s"), 4, "tools cut short by Escape");
  assert.equal(interruptedRunFrom([run(), user(4), assistant("error")], "s"), 4);
  assert.equal(interruptedRunFrom([run(), user(4)], "s"), 4, "no answer at all");
});

test("a finished last run, no run entry (a legacy session) or no user message after it is no interrupted run", () => {
  assert.equal(
    interruptedRunFrom([run(), user(1), assistant("aborted"), run(), user(3), assistant("stop")], "s"),
    undefined,
  );
  assert.equal(interruptedRunFrom([run(), user(3), assistant("length")], "s"), undefined);
  assert.equal(interruptedRunFrom([user(1), assistant("aborted")], "s"), undefined, "legacy: no run entry");
  // /tree onto a run's first message leaves the leaf on that run's entry: that run has not started on this branch.
  assert.equal(interruptedRunFrom([run(), user(1), assistant("aborted"), run()], "s"), undefined);
});

test("only this physical session's runs count, and a Stop that already took the run closes it", () => {
  assert.equal(interruptedRunFrom([run("parent"), user(1), assistant("aborted")], "child"), undefined, "a fork");
  assert.equal(interruptedRunFrom([run(), user(1), assistant("aborted"), stopped], "s"), undefined);
  assert.equal(interruptedRunFrom([run(), user(1), stopped, assistant("aborted")], "s"), undefined, "Stop mid-run");
});

test("the tracker records one run entry per run and restores the anchor from the selected branch", () => {
  const written: { customType: string; data: unknown }[] = [];
  let branch: unknown[] = [];
  const ctx = { sessionManager: { getSessionId: () => "s", getBranch: () => branch } } as unknown as HostContext;
  const tracker = createStopTracker({ appendEntry: (customType, data) => written.push({ customType, data }) });
  tracker.beginRun(ctx);
  assert.deepEqual(written, [{ customType: RUN_ENTRY, data: { session: "s" } }]);
  branch = [run(), user(4), assistant("aborted")];
  tracker.select(ctx);
  assert.equal(tracker.anchor.from(), 4, "reload: the interrupted run is known again");
  assert.equal(tracker.stop(ctx, emptyState()).from, 4);
  branch = [run(), user(4), assistant("stop")];
  tracker.select(ctx);
  assert.equal(tracker.anchor.from(), undefined, "/tree onto a finished run");
});
