import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyState } from "../state.ts";
import { owedCompilations } from "./acquisitions.ts";
import { COMPILER_REVISION, PROVENANCE_KEY } from "./evidence.ts";

const NOW = new Date("2026-12-02T12:00:00.000Z");
const [OLD, NEW] = ["a".repeat(64), "b".repeat(64)];

test("a read of a source that needed compiling is owed until an artifact with that read's evidence exists", () => {
  const evidence = { sourceHash: OLD, compilerRevision: COMPILER_REVISION, compiledAt: NOW.toISOString() };
  const global = {
    ...emptyState(),
    artifacts: { "/k/a.md": { description: "a" }, "/k/u.md": { description: "no evidence" } },
    working: { [PROVENANCE_KEY]: { "/k/a.md": evidence } },
  };
  const states = { global, cwd: emptyState(), session: emptyState() };
  const reads = new Map([
    ["/k/a.md", OLD],
    ["/k/n.md", NEW],
    ["/k/u.md", NEW],
  ]);
  assert.deepEqual(owedCompilations(states, reads, new Set(["/k/a.md", "/k/n.md", "/k/u.md"]), NOW), ["/k/n.md"]);
  assert.deepEqual(owedCompilations(states, reads, new Set(["/k/a.md"]), NOW), [], "compiled at the read bytes");
  const changed = new Map([["/k/a.md", NEW]]);
  assert.deepEqual(owedCompilations(states, changed, new Set(["/k/a.md"]), NOW), ["/k/a.md"], "read changed bytes");
  assert.deepEqual(owedCompilations(states, reads, new Set(), NOW), [], "reads of earlier runs owe nothing here");
});
