// Memory candidates as stored: proposals from a flush, each pending review or decided.
import type { MemoryCitation, SourceReference } from "@powercontext/protocol";

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

export interface CandidateReads {
  listCandidates(query: CandidateListQuery): Promise<CandidatePage>;
  getCandidate(scope_id: string, candidate_id: string): Promise<MemoryCandidate | null>;
}
