// continue_handoff (contract §8.5): resolve a prepared value, an exact revision or the latest one as untrusted
// history, and report for every statement whether its evidence is available now. Never fails on missing evidence.
import type {
  ArtifactReference,
  ContinueHandoffRequest,
  EvidenceCheck,
  HandoffContent,
  HandoffResolution,
  HandoffStatement,
  PreparedHandoff,
} from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { dedupeCitations } from "./citations.ts";
import { handoffRef, isHandoffRef } from "./content.ts";
import { unavailableCitations, type EvidenceDeps } from "./evidence.ts";

function invalid(message: string): PowerContextError {
  return new PowerContextError("invalid_request", message);
}

/** 422 unless exactly the field the selection needs is set (the others absent or null). */
export function checkSelection(request: { selection: string; prepared?: unknown; revision?: unknown }): void {
  const hasPrepared = request.prepared !== undefined && request.prepared !== null;
  const hasRevision = request.revision !== undefined && request.revision !== null;
  if (hasPrepared !== (request.selection === "prepared"))
    throw invalid("`prepared` is required exactly for the prepared selection.");
  if (hasRevision !== (request.selection === "exact"))
    throw invalid("`revision` is required exactly for the exact selection.");
}

async function checkStatement(
  deps: EvidenceDeps,
  scopeId: string,
  statement: HandoffStatement,
  claim: EvidenceCheck["claim"],
  index: number | null,
): Promise<EvidenceCheck> {
  const unavailable = await unavailableCitations(deps, scopeId, dedupeCitations(statement.citations));
  return {
    claim,
    state_index: index,
    status: unavailable.length > 0 ? "unavailable" : "available",
    unavailable_evidence: unavailable,
  };
}

/** One check per state statement in order, then one for the next action if there is one. */
export async function evidenceChecks(
  deps: EvidenceDeps,
  scopeId: string,
  content: HandoffContent,
): Promise<EvidenceCheck[]> {
  const checks: EvidenceCheck[] = [];
  for (const [index, statement] of content.state.entries())
    checks.push(await checkStatement(deps, scopeId, statement, "state", index));
  if (content.next_action) checks.push(await checkStatement(deps, scopeId, content.next_action, "next_action", null));
  return checks;
}

export async function continueHandoff(
  deps: Pick<DomainDeps, "store">,
  request: ContinueHandoffRequest,
): Promise<HandoffResolution> {
  checkSelection(request);
  const head = await deps.store.getHandoffHead(request.scope_id);
  const current = head ? handoffRef(head.revision) : null;
  let content: HandoffContent;
  let selected: ArtifactReference | null;
  switch (request.selection) {
    case "prepared": {
      const prepared = request.prepared as PreparedHandoff;
      if (prepared.scope_id !== request.scope_id) throw invalid("The PreparedHandoff belongs to another scope.");
      content = prepared.content;
      selected = null;
      break;
    }
    case "exact": {
      const revision = request.revision as ArtifactReference;
      if (!isHandoffRef(revision)) throw invalid("`revision` must be a handoff/handoff reference.");
      const found = await deps.store.getHandoffRevision(request.scope_id, revision.revision);
      if (found === null) throw refusalError("artifact_not_found");
      content = found.content as unknown as HandoffContent;
      selected = handoffRef(found.revision);
      break;
    }
    case "latest": {
      if (head === null) {
        return {
          trust: "untrusted_history",
          status: "empty",
          scope_id: request.scope_id,
          content: null,
          selection: null,
          selected_revision: null,
          current_revision: null,
          evidence_checks: [],
        };
      }
      content = head.content as unknown as HandoffContent;
      selected = current;
      break;
    }
    default: {
      const unknown: never = request.selection;
      throw new Error(`unknown selection ${String(unknown)}`);
    }
  }
  return {
    trust: "untrusted_history",
    status: "resolved",
    scope_id: request.scope_id,
    content,
    selection: request.selection,
    selected_revision: selected,
    current_revision: current,
    evidence_checks: await evidenceChecks(deps, request.scope_id, content),
  };
}
