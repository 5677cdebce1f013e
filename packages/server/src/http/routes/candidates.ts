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
import { route } from "../route.ts";

export async function candidateRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "list_memory_candidates", async (request) => ({ body: await listCandidates(domain, request.body) }));
  route(app, "get_memory_candidate", async (request) => ({ body: await getCandidate(domain, request.body) }));
  route(app, "approve_memory_candidate", async (request) => ({ body: await approveCandidate(domain, request.body) }));
  route(app, "reject_memory_candidate", async (request) => ({ body: await rejectCandidate(domain, request.body) }));
  route(app, "revise_memory_candidate", async (request) => ({ body: await reviseCandidate(domain, request.body) }));
}
