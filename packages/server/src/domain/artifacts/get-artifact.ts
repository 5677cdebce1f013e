// experience/get and skill/get: one exact approved revision with its direct evidence, or 404 `artifact_not_found`
// (also for a reference of another family, as memory get answers a non-Memory citation).
import type {
  ExperienceArtifact,
  ExperienceProposal,
  GetExperienceRequest,
  GetSkillRequest,
  SkillArtifact,
  SkillProposal,
} from "@powercontext/protocol";
import type { ArtifactRevision, CandidateFamily } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";

async function readRevision(
  deps: Pick<DomainDeps, "store">,
  family: CandidateFamily,
  request: GetExperienceRequest,
): Promise<ArtifactRevision> {
  if (request.artifact.family !== family) throw refusalError("artifact_not_found");
  const revision = await deps.store.getArtifactRevision(request.scope_id, request.artifact);
  if (!revision) throw refusalError("artifact_not_found");
  return revision;
}

export async function getExperience(
  deps: Pick<DomainDeps, "store">,
  request: GetExperienceRequest,
): Promise<ExperienceArtifact> {
  const revision = await readRevision(deps, "experience", request);
  return {
    artifact: revision.artifact,
    content: revision.content as ExperienceProposal,
    source_refs: revision.source_refs,
    artifact_refs: revision.artifact_refs,
  };
}

export async function getSkill(deps: Pick<DomainDeps, "store">, request: GetSkillRequest): Promise<SkillArtifact> {
  const revision = await readRevision(deps, "skill", request);
  return {
    artifact: revision.artifact,
    content: revision.content as SkillProposal,
    source_refs: revision.source_refs,
    artifact_refs: revision.artifact_refs,
  };
}
