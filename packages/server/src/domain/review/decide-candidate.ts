// The candidate state machine on a store: pending v ─revise→ pending v+1; pending v ─approve→ approved; pending v
// ─reject→ rejected. Terminal states stay. Each decision commits with the candidate's version and status expected,
// so two reviews of one version cannot both land; an approval's entry goes through duplicate resolution.
import type {
  CandidateProposal,
  CandidateStatus,
  CandidateWrite,
  MemoryCandidate,
  NewEntryVersion,
  RevisionExpectations,
  Store,
} from "../../store/types.ts";
import { answered, runPlan, type Planned } from "../memory/commit-plan.ts";
import { resolveApprovals } from "../memory/duplicates.ts";

export type CandidateDecision =
  | { action: "approve"; reviewer: string; entry: NewEntryVersion; near_duplicate_of: string | null }
  | { action: "reject"; reviewer: string; reason: string }
  | { action: "revise"; proposal: CandidateProposal; reason: string | null };

export interface CandidateReview {
  scope_id: string;
  candidate_id: string;
  expected_version: number;
  decision: CandidateDecision;
  now: string;
}

export type CandidateReviewResult =
  | { status: "ok"; candidate: MemoryCandidate }
  | { status: "candidate_not_found" }
  | { status: "candidate_terminal"; current: CandidateStatus }
  | { status: "candidate_conflict"; current_version: number };

export async function decideCandidate(store: Store, review: CandidateReview): Promise<CandidateReviewResult> {
  const outcome = await runPlan<CandidateReviewResult>(store, review, async () => {
    const current = await store.getCandidate(review.scope_id, review.candidate_id);
    if (!current) return answered({ status: "candidate_not_found" });
    if (current.status !== "pending") return answered({ status: "candidate_terminal", current: current.status });
    if (current.version !== review.expected_version) {
      return answered({ status: "candidate_conflict", current_version: current.version });
    }
    return planDecision(store, review, current);
  });
  if (outcome.status === "done") return outcome.answer;
  const current = await store.getCandidate(review.scope_id, review.candidate_id);
  return { status: "candidate_conflict", current_version: current?.version ?? review.expected_version };
}

async function planDecision(
  store: Store,
  review: CandidateReview,
  current: MemoryCandidate,
): Promise<Planned<CandidateReviewResult>> {
  const { decision, now } = review;
  const { candidate_id } = current;
  switch (decision.action) {
    case "approve":
      return planApproval(store, review.scope_id, current, decision, now);
    case "reject": {
      const { reviewer, reason } = decision;
      const next: MemoryCandidate = {
        ...current,
        status: "rejected",
        reviewer,
        decision_reason: reason,
        updated_at: now,
      };
      return candidateOnly(current, { op: "reject", candidate_id, reviewer, reason }, next);
    }
    case "revise": {
      const version = current.version + 1;
      const { proposal, reason } = decision;
      const next: MemoryCandidate = { ...current, version, proposal, updated_at: now };
      return candidateOnly(current, { op: "revise", candidate_id, version, proposal, reason }, next);
    }
    default: {
      const unreachable: never = decision;
      throw new Error(`unknown decision ${JSON.stringify(unreachable)}`);
    }
  }
}

/** What every decision relies on: the candidate is still pending at the version the plan read. */
function stillPending(current: MemoryCandidate): RevisionExpectations["candidates"] {
  return [{ candidate_id: current.candidate_id, version: current.version, status: "pending" }];
}

/** A decision that writes only the candidate, answering with `next` once committed. */
function candidateOnly(
  current: MemoryCandidate,
  write: CandidateWrite,
  next: MemoryCandidate,
): Planned<CandidateReviewResult> {
  return {
    status: "commit",
    commit: { expected: { candidates: stillPending(current) }, changes: [], candidates: [write] },
    answer: () => ({ status: "ok", candidate: next }),
  };
}

/** An approval adds its entry, or points at the active entry it duplicates, in the same commit. */
async function planApproval(
  store: Store,
  scopeId: string,
  current: MemoryCandidate,
  decision: Extract<CandidateDecision, { action: "approve" }>,
  now: string,
): Promise<Planned<CandidateReviewResult>> {
  const { candidate_id } = current;
  const { entry, near_duplicate_of, reviewer } = decision;
  const view = await store.readHeads(scopeId, {
    entry_ids: near_duplicate_of === null ? [] : [near_duplicate_of],
    fingerprints: [entry.fingerprint],
  });
  const resolved = resolveApprovals(view, [{ key: candidate_id, entry, near_duplicate_of }]);
  const link = resolved.links.get(candidate_id);
  if (!link) throw new Error(`the approval of ${candidate_id} was left without an entry`);
  return {
    status: "commit",
    commit: {
      expected: { ...resolved.expected, candidates: stillPending(current) },
      changes: resolved.changes,
      candidates: [{ op: "approve", candidate_id, reviewer, result: link }],
    },
    answer: (memory) => {
      const result = memory ? { memory_ref: memory, ...link } : null;
      return { status: "ok", candidate: { ...current, status: "approved", reviewer, result, updated_at: now } };
    },
  };
}
