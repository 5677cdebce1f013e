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

type Body<T> = { body: unknown } & T;

export async function candidateRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  const body = <T>(request: Body<object>): T => request.body as T;
  route(app, "list_memory_candidates", async (request) => ({ body: await listCandidates(domain, body(request)) }));
  route(app, "get_memory_candidate", async (request) => ({ body: await getCandidate(domain, body(request)) }));
  route(app, "approve_memory_candidate", async (request) => ({ body: await approveCandidate(domain, body(request)) }));
  route(app, "reject_memory_candidate", async (request) => ({ body: await rejectCandidate(domain, body(request)) }));
  route(app, "revise_memory_candidate", async (request) => ({ body: await reviseCandidate(domain, body(request)) }));
}
