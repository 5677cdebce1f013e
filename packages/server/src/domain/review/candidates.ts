// Human review of Memory candidates (our addition: /v1/memory/candidates/*): requests normalized into decisions
// (decide-candidate.ts holds the versioned state machine) and results turned into answers or errors.
import type {
  ApproveMemoryCandidateRequest,
  GetMemoryCandidateRequest,
  ListMemoryCandidatesRequest,
  RejectMemoryCandidateRequest,
  ReviseMemoryCandidateRequest,
} from "@powercontext/protocol";
import type { CandidatePage, MemoryCandidate } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { findNearDuplicate } from "../memory/duplicates.ts";
import { buildEntryVersion } from "../memory/new-entry.ts";
import { normalizeKind, normalizeReason, normalizeText } from "../memory/normalize.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { decideCandidate, type CandidateDecision, type CandidateReviewResult } from "./decide-candidate.ts";

export const DEFAULT_REVIEWER = "api";
export const DEFAULT_PAGE_SIZE = 50;

export async function listCandidates(
  deps: Pick<DomainDeps, "store">,
  request: ListMemoryCandidatesRequest,
): Promise<CandidatePage> {
  return deps.store.listCandidates({
    scope_id: request.scope_id,
    status: request.status ?? "pending",
    cursor: request.cursor ?? null,
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  });
}

export async function getCandidate(
  deps: Pick<DomainDeps, "store">,
  request: GetMemoryCandidateRequest,
): Promise<MemoryCandidate> {
  const candidate = await deps.store.getCandidate(request.scope_id, request.candidate_id);
  if (!candidate) throw refusalError("candidate_not_found");
  return candidate;
}

/** What every review write names: the candidate and the version the reviewer saw. */
type CandidateWrite = Pick<ApproveMemoryCandidateRequest, "scope_id" | "candidate_id" | "expected_version">;

export async function approveCandidate(
  deps: Pick<DomainDeps, "store" | "clock" | "ids">,
  request: ApproveMemoryCandidateRequest,
): Promise<MemoryCandidate> {
  const current = await getCandidate(deps, request);
  const entry = buildEntryVersion(deps.ids, {
    kind: current.proposal.kind,
    text: current.proposal.text,
    source_refs: current.source_refs,
  });
  const nearDuplicate = await findNearDuplicate(deps.store, request.scope_id, entry);
  return decide(deps, request, {
    action: "approve",
    reviewer: request.reviewer ?? DEFAULT_REVIEWER,
    entry,
    near_duplicate_of: nearDuplicate,
  });
}

export async function rejectCandidate(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: RejectMemoryCandidateRequest,
): Promise<MemoryCandidate> {
  rejectSecrets({ reason: request.reason });
  return decide(deps, request, {
    action: "reject",
    reviewer: request.reviewer ?? DEFAULT_REVIEWER,
    reason: request.reason.trim(),
  });
}

export async function reviseCandidate(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: ReviseMemoryCandidateRequest,
): Promise<MemoryCandidate> {
  const proposal = { kind: normalizeKind(request.proposal.kind), text: normalizeText(request.proposal.text) };
  rejectSecrets({ proposal, reason: request.reason ?? null });
  return decide(deps, request, { action: "revise", proposal, reason: normalizeReason(request.reason) });
}

async function decide(
  deps: Pick<DomainDeps, "store" | "clock">,
  request: CandidateWrite,
  decision: CandidateDecision,
): Promise<MemoryCandidate> {
  const { scope_id, candidate_id, expected_version } = request;
  const now = deps.clock.now().toISOString();
  const result = await decideCandidate(deps.store, { scope_id, candidate_id, expected_version, decision, now });
  return unwrap(result, expected_version);
}

function unwrap(result: CandidateReviewResult, expectedVersion: number): MemoryCandidate {
  switch (result.status) {
    case "ok":
      return result.candidate;
    case "candidate_not_found":
      throw refusalError("candidate_not_found");
    case "candidate_terminal":
      throw refusalError("candidate_terminal", { status: result.current });
    case "candidate_conflict":
      throw refusalError("candidate_conflict", {
        expected_version: expectedVersion,
        current_version: result.current_version,
      });
    default: {
      const unreachable: never = result;
      throw new Error(`unexpected review result ${JSON.stringify(unreachable)}`);
    }
  }
}
