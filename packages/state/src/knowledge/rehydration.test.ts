import assert from "node:assert/strict";
import { test } from "node:test";
import { firstRunPhase, planKnowledgeRehydration, type RehydrationRoute } from "./rehydration.ts";

const route = (path: string, freshness: RehydrationRoute["freshness"], bytes = 100, scope = "global" as const) =>
  ({ path, freshness, bytes, scope }) as RehydrationRoute;

test("the plan reads at most one source per run, correctness before maintenance, and uses fresh artifacts as they are", () => {
  const plan = planKnowledgeRehydration("step", [
    route("/k/d.md", "maintenance_due"),
    route("/k/b.md", "source_changed"),
    route("/k/a.md", "fresh"),
    route("/k/c.md", "new"),
    route("/k/e.md", "unknown"),
  ]);
  assert.deepEqual(
    plan.reads.map((read) => read.path),
    ["/k/b.md"],
  );
  assert.deepEqual(
    plan.deferred.map(({ route, reason }) => [route.path, reason]),
    [
      ["/k/c.md", "read-count-limit"],
      ["/k/d.md", "read-count-limit"],
    ],
  );
  assert.deepEqual(plan.materialized, ["/k/a.md", "/k/e.md"], "no concrete need: never read");
});

test("source bytes bound the reads; maintenance alone reads only small sources", () => {
  const budget = { maxReads: 5, maxSourceBytes: 1000, maxMaintenanceBytes: 200 };
  const plan = planKnowledgeRehydration(
    "step",
    [route("/k/a.md", "new", 700), route("/k/b.md", "new", 400), route("/k/c.md", "new", 300)],
    budget,
  );
  assert.deepEqual(
    [plan.reads.map((read) => read.path), plan.deferred.map(({ reason }) => reason)],
    [["/k/a.md", "/k/c.md"], ["source-byte-limit"]],
  );
  const maintenance = planKnowledgeRehydration("step", [route("/k/m.md", "maintenance_due", 300)], budget);
  assert.deepEqual(maintenance.deferred[0]?.reason, "source-byte-limit");
});

test("a new session's first run defers session-scope sources; a resumed one and later steps do not", () => {
  const routes = [route("/k/s.md", "source_changed", 100, "session" as never), route("/k/g.md", "new", 100)];
  const fresh = planKnowledgeRehydration("new-bootstrap", routes, {
    maxReads: 5,
    maxSourceBytes: 1e6,
    maxMaintenanceBytes: 1e6,
  });
  assert.deepEqual(
    [fresh.reads.map((read) => read.path), fresh.deferred.map(({ reason }) => reason)],
    [["/k/g.md"], ["new-session-scope"]],
  );
  for (const phase of ["resume-bootstrap", "step"] as const)
    assert.equal(
      planKnowledgeRehydration(phase, routes, { maxReads: 5, maxSourceBytes: 1e6, maxMaintenanceBytes: 1e6 }).reads
        .length,
      2,
    );
});

test("the first run's phase: resumed when the branch already holds a user message", () => {
  assert.equal(firstRunPhase([]), "new-bootstrap");
  assert.equal(firstRunPhase([{ type: "custom", customType: "x" }]), "new-bootstrap");
  assert.equal(firstRunPhase([{ type: "message", message: { role: "user" } }]), "resume-bootstrap");
});
