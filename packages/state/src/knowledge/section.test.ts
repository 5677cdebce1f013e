import assert from "node:assert/strict";
import { test } from "node:test";
import { planKnowledgeRehydration, type RehydrationRoute } from "./rehydration.ts";
import { knowledgeSection, LISTED_SOURCES, unavailableSection } from "./section.ts";

const routes = (...entries: [string, RehydrationRoute["freshness"]][]) =>
  entries.map(([path, freshness]) => ({ path, freshness, bytes: 10, scope: "global" as const }));
const wide = { maxReads: 100, maxSourceBytes: 1e9, maxMaintenanceBytes: 1e9 };

test("the knowledge section lists only sources with work to do, by path, bounded, and says nothing otherwise", () => {
  const section = (entries: RehydrationRoute[], budget = wide) =>
    knowledgeSection("/k", planKnowledgeRehydration("step", entries, budget));
  assert.equal(section(routes(["/k/a.md", "fresh"])), null);
  assert.equal(section(routes(["/k/a.md", "unknown"])), null, "no forced work");
  const all = routes(
    ["/k/a.md", "new"],
    ["/k/b.md", "source_changed"],
    ["/k/c.md", "compiler_changed"],
    ["/k/d.md", "maintenance_due"],
    ["/k/e.md", "fresh"],
  );
  assert.ok(
    section(all)?.endsWith(
      "This run:\n- new: /k/a.md\n- source changed: /k/b.md\n- compiler changed: /k/c.md\n- due for maintenance: /k/d.md",
    ),
  );
  assert.ok(
    section(all, { ...wide, maxReads: 1 })?.endsWith(
      "This run:\n- new: /k/a.md\nLater runs:\n- source changed: /k/b.md\n- compiler changed: /k/c.md\n- due for maintenance: /k/d.md",
    ),
    "the plan's bound splits the list",
  );
  const many = routes(
    ...Array.from({ length: LISTED_SOURCES + 3 }, (_, i) => [`/k/${i}.md`, "new"] as [string, "new"]),
  );
  assert.ok(section(many)?.endsWith("- …and 3 more"));
  assert.equal(unavailableSection("/k", 0), null);
  assert.match(unavailableSection("/k", 2) ?? "", /unavailable: the freshness of 2 compiled knowledge artifact/);
});
