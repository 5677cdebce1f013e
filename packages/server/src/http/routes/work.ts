// Work continuity operations (contract §9): records stored as Sources, answered with receipts.
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { acknowledgeHandoff, type AcknowledgeRequest } from "../../domain/work/acknowledge.ts";
import { createWorkContract, type WorkContract } from "../../domain/work/create-contract.ts";
import { prepareCurrentHandoff, type CurrentWorkHandoff } from "../../domain/work/prepare-current.ts";
import { recordTaskOutcome, type TaskOutcome } from "../../domain/work/record-outcome.ts";
import { route } from "../route.ts";

export async function workRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "create_work_contract", async (request) => ({
    status: 202,
    body: await createWorkContract(
      domain,
      request.body as { scope_id: string; source_id: string; contract: WorkContract },
    ),
  }));
  route(app, "handoff_current_work", async (request) => ({
    body: await prepareCurrentHandoff(
      domain,
      request.body as { scope_id: string; source_id: string; handoff: CurrentWorkHandoff },
    ),
  }));
  route(app, "acknowledge_handoff", async (request) => ({
    body: await acknowledgeHandoff(domain, request.body as AcknowledgeRequest),
  }));
  route(app, "record_task_outcome", async (request) => ({
    status: 202,
    body: await recordTaskOutcome(
      domain,
      request.body as { scope_id: string; source_id: string; outcome: TaskOutcome },
    ),
  }));
}
