// handoff_current_work (contract §9.2): a one-step handoff without a model. The record becomes a
// `handoff-boundary` Source; each claim becomes a statement citing the boundary first, then its own evidence.
import type {
  CurrentWorkHandoff,
  HandoffCitation,
  HandoffDraft,
  HandoffStatement,
  PrepareCurrentHandoffRequest,
  PrepareCurrentHandoffResponse,
  WorkClaim,
} from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { dedupeCitations } from "../handoff/citations.ts";
import { requireAvailable } from "../handoff/evidence.ts";
import { finalizeHandoff } from "../handoff/finalize.ts";
import { checkClaims, claimEvidence } from "./claims.ts";
import { captureRecord } from "./record-source.ts";

/** The draft §9.2 step 3 describes (pure). */
export function draftFromCurrentWork(handoff: CurrentWorkHandoff, boundary: HandoffCitation): HandoffDraft {
  const statement = (claim: WorkClaim): HandoffStatement => ({
    text: claim.text,
    citations: dedupeCitations([boundary, ...claim.evidence]),
  });
  return {
    objective: handoff.objective,
    state: handoff.state.map(statement),
    disposition: handoff.disposition,
    next_action: handoff.next_action ? statement(handoff.next_action) : null,
    omissions: handoff.omissions.map((text) => ({ text, citation: null })),
  };
}

export async function prepareCurrentHandoff(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: PrepareCurrentHandoffRequest,
): Promise<PrepareCurrentHandoffResponse> {
  const { handoff } = request;
  const claims = [...handoff.state, ...(handoff.next_action ? [handoff.next_action] : [])];
  checkClaims(
    claims.map((claim, i) => ({
      claim,
      where: i < handoff.state.length ? `handoff.state[${i}]` : "handoff.next_action",
    })),
  );
  await requireAvailable(deps, request.scope_id, dedupeCitations(claimEvidence(claims)));
  const boundary = await captureRecord(deps, {
    scope_id: request.scope_id,
    source_id: request.source_id,
    kind: "handoff-boundary",
    record: handoff,
  });
  const draft = draftFromCurrentWork(handoff, { kind: "source", source_ref: boundary.source });
  return { boundary, handoff: await finalizeHandoff(deps, { scope_id: request.scope_id, draft }) };
}
