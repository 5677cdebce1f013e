// Memory candidates: the flush commit (candidates, review outcomes, one Memory revision, cursor) and the review inbox.
import type { ArtifactReference, MemoryCitation, SourceReference } from "@powercontext/protocol";
import type { NewEntryVersion } from "./memory.ts";

export type CandidateStatus = "pending" | "approved" | "rejected";

export interface CandidateProposal {
  kind: string;
  text: string;
}

export interface MemoryCandidate {
  candidate_id: string;
  version: number;
  status: CandidateStatus;
  proposal: CandidateProposal;
  confidence: number;
  extractor: string;
  source_refs: SourceReference[];
  reviewer: string | null;
  decision_reason: string | null;
  /** The entry the approval produced or matched (a duplicate approval points at the existing entry). */
  result: MemoryCitation | null;
  created_at: string;
  updated_at: string;
}

/** How the review stage disposed of a new candidate inside a flush. */
export type CandidateDisposition =
  | { status: "pending" }
  | ApprovedDisposition
  | { status: "rejected"; reviewer: string; reason: string };

/**
 * An approval writes `entry`, unless an active entry already says the same thing: one with the same fingerprint,
 * or `near_duplicate_of` (found by the domain) if that entry is still active. Then the candidate points at it.
 */
export interface ApprovedDisposition {
  status: "approved";
  reviewer: string;
  entry: NewEntryVersion;
  near_duplicate_of: string | null;
}

export interface NewCandidate {
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
  candidates: NewCandidate[];
  now: string;
}

export type FlushCommitResult =
  | { status: "committed"; memory: ArtifactReference | null; written: boolean }
  | { status: "cursor_moved" };

export interface CandidateListQuery {
  scope_id: string;
  status: CandidateStatus;
  cursor: string | null;
  limit: number;
}

export interface CandidatePage {
  candidates: MemoryCandidate[];
  next_cursor: string | null;
}

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

export interface CandidateOperations {
  /** Writes the window's candidates, reviews and Memory revision and advances the cursor in one transaction. */
  commitFlush(flush: FlushCommit): Promise<FlushCommitResult>;
  listCandidates(query: CandidateListQuery): Promise<CandidatePage>;
  getCandidate(scope_id: string, candidate_id: string): Promise<MemoryCandidate | null>;
  reviewCandidate(review: CandidateReview): Promise<CandidateReviewResult>;
}
