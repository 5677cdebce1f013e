// Runtime-owned freshness evidence of compiled artifacts: `{sourceHash, compilerRevision, compiledAt}` per artifact
// key, kept in each scope under the hidden bookkeeping key `working.artifact_provenance` (so it commits in the same
// transition as the compiler output it vouches for, and follows history, forks and Git with the scope). Only the
// runtime writes it; a model patch naming an evidence field is refused.
import { isJsonObject } from "../state.ts";
import type { JsonObject, ScopeState } from "../types.ts";

/** The bookkeeping key of the working plane that holds a scope's artifact registry. */
export const PROVENANCE_KEY = "artifact_provenance";

/** The identity of the compilation contract; a recorded revision that differs marks the artifact stale. */
export const COMPILER_REVISION = "powercontext-state.knowledge.v1";

/** Field names a model may not author inside an artifact entry (the evidence and its legacy spellings). */
export const AUTHORED_EVIDENCE_FIELDS: readonly string[] = [
  "hash",
  "compiler",
  "compiled_at",
  "sourceHash",
  "compilerRevision",
  "compiledAt",
  "source_hash_verified",
];

/** A type alias (not an interface) so an Evidence is a JSON object as stored. */
export type Evidence = { sourceHash: string; compilerRevision: string; compiledAt: string };

/**
 * The path of the first runtime-owned field a model patch of `scope.<plane>` authors, or null. Inside `artifacts`
 * that is any evidence field of an entry (a deletion marker too); inside `working`, the registry itself. Deleting a
 * whole artifact, or editing its other fields, is allowed.
 */
export function findAuthoredEvidence(scope: string, plane: string, patch: JsonObject): string | null {
  if (plane === "working" && Object.hasOwn(patch, PROVENANCE_KEY)) return `${scope}.working.${PROVENANCE_KEY}`;
  if (plane !== "artifacts") return null;
  for (const [key, entry] of Object.entries(patch)) {
    if (!isJsonObject(entry)) continue;
    const field = AUTHORED_EVIDENCE_FIELDS.find((name) => Object.hasOwn(entry, name));
    if (field !== undefined) return `${scope}.artifacts.${key}.${field}`;
  }
  return null;
}

/** A scope's registry: artifact key → its recorded evidence (as stored; may be malformed). */
export function registryOf(state: ScopeState): JsonObject {
  const registry = state.working[PROVENANCE_KEY];
  return isJsonObject(registry) ? registry : {};
}

/** The evidence the runtime records for compiler output of a source whose read bytes hashed to `sourceHash`. */
export function evidenceFor(sourceHash: string, now: Date): Evidence {
  return { sourceHash, compilerRevision: COMPILER_REVISION, compiledAt: now.toISOString() };
}
