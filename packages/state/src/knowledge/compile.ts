// Compiler output meets its evidence: when a patch_state call writes an artifact whose key is a source the model
// read with Pi's own read tool (a knowledge candidate or a loaded Skill), the runtime adds the evidence of that read
// to the same transition, so output and provenance commit together or not at all. Deleting an artifact drops its
// evidence in the same transition. Pure: the reads and the clock are passed in.
import { isJsonObject } from "../state.ts";
import type { JsonObject, ScopeName, ScopeState, TransitionRequest } from "../types.ts";
import { evidenceFor, PROVENANCE_KEY, registryOf } from "./evidence.ts";
import { checkSkillEntries } from "./skills.ts";
import { checkArtifactTags } from "./tags.ts";

/** Canonical source path → sha256 of its bytes when the model last read it. */
export type SourceReads = ReadonlyMap<string, string>;

/**
 * The request with runtime evidence added. Throws an `invalid_patch` when an entry's tags are malformed (tags.ts) or
 * a Skill entry breaks the stricter compilation (skills.ts). An artifact written without a correlated read gets no evidence (unknown freshness).
 */
export function compileArtifacts(
  basis: Record<ScopeName, ScopeState>,
  request: TransitionRequest,
  reads: SourceReads,
  now: Date,
): TransitionRequest {
  checkArtifactTags(request);
  checkSkillEntries(basis, request);
  const patches: TransitionRequest["patches"] = { ...request.patches };
  for (const [scope, patch] of Object.entries(request.patches) as [ScopeName, JsonObject][]) {
    if (!isJsonObject(patch.artifacts)) continue;
    const registry = registryOf(basis[scope]);
    const provenance: JsonObject = {};
    for (const [key, value] of Object.entries(patch.artifacts)) {
      const read = reads.get(key);
      if (value === null && Object.hasOwn(registry, key)) provenance[key] = null;
      else if (value !== null && read !== undefined) provenance[key] = evidenceFor(read, now);
    }
    if (Object.keys(provenance).length === 0) continue;
    const working = isJsonObject(patch.working) ? patch.working : {};
    patches[scope] = { ...patch, working: { ...working, [PROVENANCE_KEY]: provenance } };
  }
  return { ...request, patches };
}
