// create_work_contract (contract §9.1): store a WorkContract as a `work-contract` Source.
import type { CreateWorkContractRequest, WorkSourceReceipt } from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { dedupeCitations } from "../handoff/citations.ts";
import { requireAvailable } from "../handoff/evidence.ts";
import { checkClaims, claimEvidence } from "./claims.ts";
import { captureRecord } from "./record-source.ts";

export async function createWorkContract(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: CreateWorkContractRequest,
): Promise<WorkSourceReceipt> {
  const { contract } = request;
  checkClaims(contract.facts.map((claim, i) => ({ claim, where: `contract.facts[${i}]` })));
  await requireAvailable(deps, request.scope_id, dedupeCitations(claimEvidence(contract.facts)));
  return captureRecord(deps, {
    scope_id: request.scope_id,
    source_id: request.source_id,
    kind: "work-contract",
    record: contract,
  });
}
