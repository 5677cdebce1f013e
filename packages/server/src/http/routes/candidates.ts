// Review of Memory candidates: our addition under /v1/memory/candidates/* (the contract's inbox is experience/skill only).
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import {
  approveCandidate,
  getCandidate,
  listCandidates,
  rejectCandidate,
  reviseCandidate,
} from "../../domain/review/candidates.ts";
import { domainRoute } from "../route.ts";

export async function candidateRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  domainRoute(app, domain, "list_memory_candidates", listCandidates);
  domainRoute(app, domain, "get_memory_candidate", getCandidate);
  domainRoute(app, domain, "approve_memory_candidate", approveCandidate);
  domainRoute(app, domain, "reject_memory_candidate", rejectCandidate);
  domainRoute(app, domain, "revise_memory_candidate", reviseCandidate);
}
