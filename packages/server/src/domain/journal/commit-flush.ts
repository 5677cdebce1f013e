// Committing one flushed window: its candidates with their review outcomes, the approved ones' entries in one
// Memory revision (duplicates resolved in memory/duplicates.ts), and the cursor moved past the window, atomically.
import type { ArtifactReference, SourceReference } from "@powercontext/protocol";
import type { CandidateOutcome, CandidateProposal, EntryLink, NewCandidate, Store } from "../../store/types.ts";
import { answered, runPlan } from "../memory/commit-plan.ts";
import { headsToRead, resolveApprovals, type Approval } from "../memory/duplicates.ts";
import type { CandidateDisposition } from "../review/policy.ts";

/** A candidate the review stage has disposed of, before duplicates are resolved. */
export interface ReviewedCandidate {
  candidate_id: string;
  proposal: CandidateProposal;
  confidence: number;
  extractor: string;
  source_refs: SourceReference[];
  disposition: CandidateDisposition;
}

export interface FlushCommit {
  scope_id: string;
  previous_cursor: number;
  current_cursor: number;
  candidates: ReviewedCandidate[];
  now: string;
}

export type FlushCommitResult =
  | { status: "committed"; memory: ArtifactReference | null; written: boolean }
  /** Another flush moved the cursor first: nothing was written. */
  | { status: "cursor_moved" };

export async function commitFlush(store: Store, flush: FlushCommit): Promise<FlushCommitResult> {
  const approvals: Approval[] = flush.candidates.flatMap(({ candidate_id, disposition }) =>
    disposition.status === "approved"
      ? [{ key: candidate_id, entry: disposition.entry, near_duplicate_of: disposition.near_duplicate_of }]
      : [],
  );
  // Chat turns kept as they were said restate nothing, so their heads are not read.
  const wanted = headsToRead(approvals);
  const outcome = await runPlan<FlushCommitResult>(store, flush, async (attempt) => {
    // A conflict may be the cursor's; a later attempt first checks whether another flush took the window.
    if (attempt > 1 && (await store.readJournalWindow(flush.scope_id, 0)).cursor !== flush.previous_cursor) {
      return answered({ status: "cursor_moved" });
    }
    const view =
      wanted.fingerprints.length === 0 ? { memory: null, heads: [] } : await store.readHeads(flush.scope_id, wanted);
    const resolved = resolveApprovals(view, approvals);
    const candidates = flush.candidates.map((candidate) => ({
      op: "propose" as const,
      candidate: storedCandidate(candidate, resolved.links.get(candidate.candidate_id)),
    }));
    return {
      status: "commit",
      commit: {
        expected: resolved.expected,
        changes: resolved.changes,
        candidates,
        cursor: { from: flush.previous_cursor, to: flush.current_cursor },
      },
      answer: (memory) => ({ status: "committed", memory, written: resolved.changes.length > 0 }),
    };
  });
  return outcome.status === "done" ? outcome.answer : { status: "cursor_moved" };
}

function storedCandidate(candidate: ReviewedCandidate, link: EntryLink | undefined): NewCandidate {
  const { disposition, ...fields } = candidate;
  return { ...fields, outcome: outcomeOf(disposition, link) };
}

function outcomeOf(disposition: CandidateDisposition, link: EntryLink | undefined): CandidateOutcome {
  switch (disposition.status) {
    case "pending":
    case "rejected":
      return disposition;
    case "approved":
      if (!link) throw new Error("an approved candidate was left without an entry");
      return { status: "approved", reviewer: disposition.reviewer, result: link };
    default: {
      const unreachable: never = disposition;
      throw new Error(`unknown disposition ${JSON.stringify(unreachable)}`);
    }
  }
}
