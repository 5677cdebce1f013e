// Work continuity operations (contract §9): records stored as Sources, answered with receipts.
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { acknowledgeHandoff } from "../../domain/work/acknowledge.ts";
import { createWorkContract } from "../../domain/work/create-contract.ts";
import { prepareCurrentHandoff } from "../../domain/work/prepare-current.ts";
import { recordTaskOutcome } from "../../domain/work/record-outcome.ts";
import { domainRoute, route } from "../route.ts";

export async function workRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "create_work_contract", async (request) => ({
    status: 202,
    body: await createWorkContract(domain, request.body),
  }));
  domainRoute(app, domain, "handoff_current_work", prepareCurrentHandoff);
  domainRoute(app, domain, "acknowledge_handoff", acknowledgeHandoff);
  route(app, "record_task_outcome", async (request) => ({
    status: 202,
    body: await recordTaskOutcome(domain, request.body),
  }));
}
