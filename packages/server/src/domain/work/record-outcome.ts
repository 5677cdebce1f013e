// record_task_outcome (contract §9.4): store a TaskOutcome as a `task-outcome` Source.
import {
  HANDOFF_RECEIPT_SCHEMA,
  type HandoffCitation,
  type RecordTaskOutcomeRequest,
  type SourceReference,
  type TaskOutcome,
  type WorkSourceReceipt,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { dedupeCitations } from "../handoff/citations.ts";
import { requireAvailable } from "../handoff/evidence.ts";
import { checkClaims, claimEvidence } from "./claims.ts";
import { captureRecord } from "./record-source.ts";

/** The stored form: optional keys made explicit (null), so an omitted and a null value store the same record. */
export function normalizeOutcome(outcome: TaskOutcome): TaskOutcome {
  return {
    ...outcome,
    handoff_receipt_ref: outcome.handoff_receipt_ref ?? null,
    checks: outcome.checks.map((check) => ({ ...check, details: check.details ?? null })),
  };
}

/** Whether `ref` names a `handoff-receipt` Source of this scope that accepted an exact revision. */
async function isAcceptedExactReceipt(
  deps: Pick<DomainDeps, "store">,
  scopeId: string,
  ref: SourceReference,
): Promise<boolean> {
  const source = await deps.store.findSource(scopeId, ref.source_id);
  if (
    source === null ||
    source.metadata.kind !== "handoff-receipt" ||
    source.metadata.schema !== HANDOFF_RECEIPT_SCHEMA
  )
    return false;
  try {
    const record = JSON.parse(source.content) as { status?: unknown; selection?: unknown };
    return record.status === "accepted" && record.selection === "exact";
  } catch {
    return false;
  }
}

export async function recordTaskOutcome(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: RecordTaskOutcomeRequest,
): Promise<WorkSourceReceipt> {
  const outcome = normalizeOutcome(request.outcome);
  checkClaims([
    ...outcome.observations.map((claim, i) => ({ claim, where: `outcome.observations[${i}]` })),
    ...outcome.checks.map((claim, i) => ({ claim, where: `outcome.checks[${i}]` })),
  ]);
  const produced: HandoffCitation[] = outcome.produced_artifacts.map((artifact_ref) => ({
    kind: "artifact",
    artifact_ref,
  }));
  await requireAvailable(
    deps,
    request.scope_id,
    dedupeCitations([...claimEvidence(outcome.observations), ...claimEvidence(outcome.checks), ...produced]),
  );
  const receiptRef = outcome.handoff_receipt_ref ?? null;
  if (receiptRef !== null && !(await isAcceptedExactReceipt(deps, request.scope_id, receiptRef))) {
    throw new PowerContextError(
      "invalid_request",
      "handoff_receipt_ref must name an accepted, exact-selection handoff receipt of this scope.",
    );
  }
  return captureRecord(deps, {
    scope_id: request.scope_id,
    source_id: request.source_id,
    kind: "task-outcome",
    record: outcome,
  });
}
