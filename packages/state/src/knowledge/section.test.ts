import assert from "node:assert/strict";
import { test } from "node:test";
import { knowledgeSection, LISTED_SOURCES, unavailableSection } from "./section.ts";

test("the knowledge section lists only sources with work to do, by path, bounded, and says nothing otherwise", () => {
  assert.equal(knowledgeSection("/k", [{ path: "/k/a.md", freshness: "fresh" }]), null);
  assert.equal(knowledgeSection("/k", [{ path: "/k/a.md", freshness: "unknown" }]), null, "no forced work");
  const text = knowledgeSection("/k", [
    { path: "/k/a.md", freshness: "new" },
    { path: "/k/b.md", freshness: "source_changed" },
    { path: "/k/c.md", freshness: "compiler_changed" },
    { path: "/k/d.md", freshness: "maintenance_due" },
    { path: "/k/e.md", freshness: "fresh" },
  ]);
  assert.ok(
    text?.endsWith(
      "- new: /k/a.md\n- source changed: /k/b.md\n- compiler changed: /k/c.md\n- due for maintenance: /k/d.md",
    ),
  );
  const many = Array.from({ length: LISTED_SOURCES + 3 }, (_, index) => ({
    path: `/k/${index}.md`,
    freshness: "new" as const,
  }));
  assert.ok(knowledgeSection("/k", many)?.endsWith("- …and 3 more"));
  assert.equal(unavailableSection("/k", 0), null);
  assert.match(unavailableSection("/k", 2) ?? "", /unavailable: the freshness of 2 compiled knowledge artifact/);
});
