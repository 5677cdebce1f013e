import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyState } from "../state.ts";
import type { ScopeState } from "../types.ts";
import { COMPILER_REVISION, PROVENANCE_KEY } from "./evidence.ts";
import { freshnessOf, MAINTENANCE_AGE_MS, planArtifactInvalidation, registeredPaths } from "./freshness.ts";

const NOW = new Date("2026-12-02T12:00:00.000Z");
const HASH = "a".repeat(64);

function states(global: Partial<ScopeState> = {}, cwd: Partial<ScopeState> = {}) {
  return {
    global: { ...emptyState(), ...global },
    cwd: { ...emptyState(), ...cwd },
    session: emptyState(),
  };
}

function compiled(evidence: unknown): Partial<ScopeState> {
  return {
    artifacts: { "/k/a.md": { description: "a" } },
    working: evidence === undefined ? {} : { [PROVENANCE_KEY]: { "/k/a.md": evidence as never } },
  };
}

test("freshness derives from the evidence there is; malformed evidence fails closed for its own capability", () => {
  const fresh = { sourceHash: HASH, compilerRevision: COMPILER_REVISION, compiledAt: NOW.toISOString() };
  const old = new Date(NOW.getTime() - MAINTENANCE_AGE_MS - 1).toISOString();
  const cases: [Partial<ScopeState>, string][] = [
    [{}, "new"],
    [compiled(undefined), "unknown"],
    [compiled(fresh), "fresh"],
    [compiled({ ...fresh, sourceHash: "b".repeat(64) }), "source_changed"],
    [compiled({ ...fresh, sourceHash: 42 }), "source_changed"],
    [compiled({ ...fresh, compilerRevision: "older" }), "compiler_changed"],
    [compiled({ ...fresh, compiledAt: old }), "maintenance_due"],
    [compiled({ ...fresh, compiledAt: "yesterday-ish" }), "maintenance_due"],
    [compiled("not an object"), "source_changed"],
  ];
  for (const [global, expected] of cases)
    assert.equal(freshnessOf(states(global), "/k/a.md", HASH, NOW), expected, JSON.stringify(global));
});

test("the nearest scope holding the artifact is the one whose evidence counts", () => {
  const fresh = { sourceHash: HASH, compilerRevision: COMPILER_REVISION, compiledAt: NOW.toISOString() };
  const view = states(compiled(fresh), { artifacts: { "/k/a.md": { description: "cwd copy" } } });
  assert.equal(freshnessOf(view, "/k/a.md", HASH, NOW), "unknown");
});

test("invalidation removes only the explicitly removed paths, artifact and evidence, in every scope holding them", () => {
  const evidence = { sourceHash: HASH, compilerRevision: COMPILER_REVISION, compiledAt: NOW.toISOString() };
  const view = states(
    {
      artifacts: { "/k/a.md": { description: "a" }, "/k/b.md": { description: "b" } },
      working: { [PROVENANCE_KEY]: { "/k/a.md": evidence, "/k/b.md": evidence } },
    },
    { working: { [PROVENANCE_KEY]: { "/k/a.md": evidence } } },
  );
  assert.deepEqual(registeredPaths(view), ["/k/a.md", "/k/b.md"]);
  assert.deepEqual(planArtifactInvalidation(view, { removed: [] }), {}, "a partial candidate set deletes nothing");
  assert.deepEqual(planArtifactInvalidation(view, { removed: ["/k/a.md"] }), {
    global: { artifacts: { "/k/a.md": null }, working: { [PROVENANCE_KEY]: { "/k/a.md": null } } },
    cwd: { working: { [PROVENANCE_KEY]: { "/k/a.md": null } } },
  });
});
