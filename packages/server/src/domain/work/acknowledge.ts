// acknowledge_handoff (contract §9.3): the receiver resolves a Handoff as continue does and records its verdict as a
// `handoff-receipt` Source.
import {
  contentDigest,
  HANDOFF_RECEIPT_SCHEMA,
  type AcknowledgeHandoffRequest,
  type AcknowledgeHandoffResponse,
  type HandoffResolution,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { checkSelection, continueHandoff } from "../handoff/continue.ts";
import { captureRecord } from "./record-source.ts";

function invalid(message: string): PowerContextError {
  return new PowerContextError("invalid_request", message);
}

/** The receipt record: what was acknowledged, by whom, with which checks and evidence availability. */
export function receiptRecord(
  request: AcknowledgeHandoffRequest,
  resolution: HandoffResolution,
): { schema: string } & Record<string, unknown> {
  return {
    schema: HANDOFF_RECEIPT_SCHEMA,
    trust: "untrusted_input",
    receiver: request.receiver,
    status: request.status,
    selection: request.selection,
    selected_revision: resolution.selected_revision,
    prepared_digest: request.prepared ? contentDigest(request.prepared) : null,
    receiver_checks: request.receiver_checks ? { ...request.receiver_checks } : null,
    evidence_available: resolution.evidence_checks.every((check) => check.status === "available"),
    evidence_checks: resolution.evidence_checks,
    message: request.message ?? null,
  };
}

/**
 * Rules, each 422: the selection's field is set exactly (`prepared` ⇔ prepared, `revision` ⇔ exact); any status but
 * `accepted` needs a message; `accepted` needs all three receiver checks `confirmed` and, after resolution, no
 * unavailable evidence.
 */
export async function acknowledgeHandoff(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: AcknowledgeHandoffRequest,
): Promise<AcknowledgeHandoffResponse> {
  checkSelection(request);
  const checks = request.receiver_checks ?? null;
  if (request.status === "accepted") {
    const confirmed =
      checks !== null &&
      checks.live_state === "confirmed" &&
      checks.capability === "confirmed" &&
      checks.authorization === "confirmed";
    if (!confirmed) throw invalid("Accepting a Handoff needs live_state, capability and authorization all confirmed.");
  } else if (request.message === undefined || request.message === null) {
    throw invalid(`A ${request.status} acknowledgement needs a message.`);
  }
  const resolution = await continueHandoff(deps, request);
  if (request.status === "accepted" && resolution.evidence_checks.some((check) => check.status === "unavailable")) {
    throw invalid("A Handoff whose evidence is unavailable cannot be accepted.");
  }
  const receipt = await captureRecord(deps, {
    scope_id: request.scope_id,
    source_id: request.source_id,
    kind: "handoff-receipt",
    record: receiptRecord(request, resolution),
  });
  return { resolution, receipt };
}
