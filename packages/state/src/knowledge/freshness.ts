// Freshness of knowledge sources, derived from the evidence that is there (pure): a source with no artifact needs
// compilation; an artifact with no evidence has unknown freshness (no forced work); `sourceHash` detects a changed
// source, `compilerRevision` a changed compiler, `compiledAt` age-based maintenance. Malformed evidence fails closed
// for the one capability that reads it. Also the plan that removes artifacts of sources proven absent.
import { isJsonObject } from "../state.ts";
import { SCOPES, type JsonObject, type ScopeName, type ScopeState, type TransitionRequest } from "../types.ts";
import { COMPILER_REVISION, PROVENANCE_KEY, registryOf } from "./evidence.ts";

export const FRESHNESS = ["new", "source_changed", "compiler_changed", "maintenance_due", "unknown", "fresh"] as const;
export type Freshness = (typeof FRESHNESS)[number];

/** Compiled artifacts older than this are due for bounded maintenance (a re-read and re-compile). */
export const MAINTENANCE_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type ScopeStates = Record<ScopeName, ScopeState>;

const NEAREST_FIRST: readonly ScopeName[] = [...SCOPES].reverse();

/** The scope whose artifact for `path` the model sees (session over cwd over global), or null. */
export function owningScope(states: ScopeStates, path: string): ScopeName | null {
  return NEAREST_FIRST.find((scope) => Object.hasOwn(states[scope].artifacts, path)) ?? null;
}

export function freshnessOf(states: ScopeStates, path: string, sourceHash: string, now: Date): Freshness {
  const scope = owningScope(states, path);
  if (scope === null) return "new";
  const evidence = registryOf(states[scope])[path];
  if (evidence === undefined) return "unknown";
  const recorded: JsonObject = isJsonObject(evidence) ? evidence : {};
  if (recorded.sourceHash !== sourceHash) return "source_changed";
  if (recorded.compilerRevision !== COMPILER_REVISION) return "compiler_changed";
  const compiledAt = typeof recorded.compiledAt === "string" ? Date.parse(recorded.compiledAt) : Number.NaN;
  if (Number.isNaN(compiledAt) || now.getTime() - compiledAt > MAINTENANCE_AGE_MS) return "maintenance_due";
  return "fresh";
}

/** Every source's freshness, in the discovery's (path) order. */
export function freshnessOfSources(
  states: ScopeStates,
  sources: ReadonlyMap<string, string>,
  now: Date,
): { path: string; freshness: Freshness }[] {
  return [...sources].map(([path, hash]) => ({ path, freshness: freshnessOf(states, path, hash, now) }));
}

/** Every artifact key that has recorded evidence in some scope (the retained registry), sorted. */
export function registeredPaths(states: ScopeStates): string[] {
  const paths = new Set<string>();
  for (const scope of SCOPES) for (const path of Object.keys(registryOf(states[scope]))) paths.add(path);
  return [...paths].sort();
}

/**
 * The patches that drop the artifacts and evidence of `options.removed` (paths proven absent) from every scope
 * holding them. Only an explicit removal list authorizes deletion: a source merely missing from a partial candidate
 * set is never removed.
 */
export function planArtifactInvalidation(
  states: ScopeStates,
  options: { removed: readonly string[] },
): TransitionRequest["patches"] {
  const patches: TransitionRequest["patches"] = {};
  for (const scope of SCOPES) {
    const artifacts: JsonObject = {};
    const provenance: JsonObject = {};
    const registry = registryOf(states[scope]);
    for (const path of options.removed) {
      if (Object.hasOwn(states[scope].artifacts, path)) artifacts[path] = null;
      if (Object.hasOwn(registry, path)) provenance[path] = null;
    }
    const patch: (typeof patches)[ScopeName] = {};
    if (Object.keys(artifacts).length > 0) patch.artifacts = artifacts;
    if (Object.keys(provenance).length > 0) patch.working = { [PROVENANCE_KEY]: provenance };
    if (Object.keys(patch).length > 0) patches[scope] = patch;
  }
  return patches;
}
