// Experience and managed Skill artifacts (experience/*, skill/*) and their review inbox (artifact-candidates/*).
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { generateExperience, generateSkill } from "../../domain/artifacts/generate.ts";
import { getExperience, getSkill } from "../../domain/artifacts/get-artifact.ts";
import { proposeArtifact } from "../../domain/artifacts/proposal.ts";
import {
  approveArtifactCandidate,
  getArtifactCandidate,
  listArtifactCandidates,
  rejectArtifactCandidate,
  reviseArtifactCandidate,
} from "../../domain/artifacts/review-inbox.ts";
import { domainRoute, route } from "../route.ts";

export async function artifactRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "propose_experience", async (request) => ({
    status: 201,
    body: await proposeArtifact(domain, "experience", request.body),
  }));
  domainRoute(app, domain, "generate_experience", generateExperience);
  domainRoute(app, domain, "get_experience", getExperience);
  route(app, "propose_skill", async (request) => ({
    status: 201,
    body: await proposeArtifact(domain, "skill", request.body),
  }));
  domainRoute(app, domain, "generate_skill", generateSkill);
  domainRoute(app, domain, "get_skill", getSkill);
  domainRoute(app, domain, "list_artifact_candidates", listArtifactCandidates);
  domainRoute(app, domain, "get_artifact_candidate", getArtifactCandidate);
  domainRoute(app, domain, "approve_artifact_candidate", approveArtifactCandidate);
  domainRoute(app, domain, "reject_artifact_candidate", rejectArtifactCandidate);
  domainRoute(app, domain, "revise_artifact_candidate", reviseArtifactCandidate);
}
