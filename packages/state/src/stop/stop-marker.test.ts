import assert from "node:assert/strict";
import { test } from "node:test";
import { MODE_ENTRY } from "../modes.ts";
import { emptyState } from "../state.ts";
import { stopAwareBody, STOPPED_GUIDE, HANDOFF_GUIDE } from "./stop-projection.ts";
import { MIGRATION_ENTRY, stopPhase } from "./stop-marker.ts";
import { createRunAnchor } from "./run-anchor.ts";

const mode = (value: string, stop?: unknown) => ({
  type: "custom",
  customType: MODE_ENTRY,
  data: { mode: value, stop },
});
const stopOf = (session: string) => mode("passive", { at: 5, session, state: emptyState() });
const migrated = { type: "custom", customType: MIGRATION_ENTRY, data: { stop: 5 } };
const message = { type: "message", message: { role: "user" } };

test("the phase follows the branch: stopped, then one migration run after an active restart, then restarted", () => {
  assert.equal(stopPhase([message], "s").kind, "none");
  assert.equal(stopPhase([message, stopOf("s"), message], "s").kind, "stopped");
  assert.equal(stopPhase([stopOf("s"), mode("active")], "s").kind, "migration");
  assert.equal(stopPhase([stopOf("s"), mode("active"), migrated], "s").kind, "restarted");
  assert.equal(stopPhase([stopOf("s"), mode("off")], "s").kind, "restarted");
});

test("a Stop recorded by another physical session (a fork's copied entries) is not this session's", () => {
  assert.equal(stopPhase([message, stopOf("parent")], "child").kind, "none");
});

test("stopped, the section shows the frozen state; the migration run adds it after the active section", () => {
  const frozen = { ...emptyState(), contract: { db: "sqlite" } };
  const now = { ...emptyState(), contract: { db: "postgres" } };
  const marker = { at: 5, session: "s", state: frozen };
  const stopped = stopAwareBody({ kind: "stopped", marker }, "passive", now) ?? "";
  assert.ok(stopped.includes(STOPPED_GUIDE) && stopped.includes("sqlite") && !stopped.includes("postgres"));
  const migration = stopAwareBody({ kind: "migration", marker }, "active", now) ?? "";
  assert.match(migration, /^mode: active\n[\s\S]*postgres[\s\S]*sqlite/);
  assert.ok(migration.includes(HANDOFF_GUIDE));
  assert.doesNotMatch(stopAwareBody({ kind: "restarted", marker }, "active", now) ?? "", /sqlite/);
});

test("the run anchor: the first user message of an open run; a normal end closes it, an aborted one keeps it", () => {
  const anchor = createRunAnchor();
  assert.equal(anchor.from(), undefined);
  anchor.begin();
  anchor.observe({ role: "user", timestamp: 7 });
  anchor.observe({ role: "user", timestamp: 9 });
  assert.equal(anchor.from(), 7);
  anchor.ended([{ role: "assistant", stopReason: "aborted" }]);
  anchor.settled();
  assert.equal(anchor.from(), 7, "an aborted run is interrupted, still open");
  anchor.begin();
  anchor.observe({ role: "user", timestamp: 10 });
  anchor.ended([{ role: "assistant", stopReason: "toolUse" }]);
  anchor.settled();
  assert.equal(anchor.from(), 10, "tools cut short by Escape: interrupted");
  anchor.begin();
  anchor.observe({ role: "user", timestamp: 11 });
  anchor.ended([{ role: "assistant", stopReason: "stop" }]);
  anchor.settled();
  assert.equal(anchor.from(), undefined);
});
