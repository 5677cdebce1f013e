// The rules of a candidate's target and a Skill's lineage (api-v1.md §10.4, §10.6), all 422 when broken except a
// stale target, which is 409 `artifact_conflict` with the current head.
import type { ArtifactReference, CandidateFamily } from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { invalid, type EvidenceRefs } from "./evidence.ts";

function sameRef(a: ArtifactReference, b: ArtifactReference): boolean {
  return a.family === b.family && a.artifact_id === b.artifact_id && a.revision === b.revision;
}

/** A target names an artifact of the candidate's own family and is cited among the artifact references. */
export function checkTarget(family: CandidateFamily, target: ArtifactReference | null, refs: EvidenceRefs): void {
  if (target === null) return;
  if (target.family !== family) throw invalid(`A ${family} candidate can only target a ${family} artifact.`);
  if (!refs.artifact_refs.some((ref) => sameRef(ref, target))) {
    throw invalid("The target must be listed in artifact_refs.");
  }
}

/**
 * Skill lineage: a new Skill may cite only `experience` artifacts; a revised Skill lists its target (checkTarget) and
 * cites at least one Source.
 */
export function checkSkillLineage(target: ArtifactReference | null, refs: EvidenceRefs): void {
  if (target === null) {
    if (refs.artifact_refs.some((ref) => ref.family !== "experience")) {
      throw invalid("A new Skill may cite only experience artifacts.");
    }
    return;
  }
  if (refs.source_refs.length === 0) throw invalid("A revised Skill must cite at least one Source.");
}

export function checkLineage(family: CandidateFamily, target: ArtifactReference | null, refs: EvidenceRefs): void {
  checkTarget(family, target, refs);
  if (family === "skill") checkSkillLineage(target, refs);
}

/** 409 `artifact_conflict` unless `target` is still its artifact's head. */
export async function checkTargetIsHead(
  deps: Pick<DomainDeps, "store">,
  scopeId: string,
  family: CandidateFamily,
  target: ArtifactReference | null,
): Promise<void> {
  if (target === null) return;
  const head = await deps.store.getArtifactHead(scopeId, family, target.artifact_id);
  if (head === null || head.revision !== target.revision) {
    throw refusalError("artifact_conflict", { current: head });
  }
}
