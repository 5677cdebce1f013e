// Memory candidates as stored: proposals from a flush, each pending review or decided.
import type {
  CandidateStatus,
  ListMemoryCandidatesResponse,
  MemoryCandidate,
  MemoryProposal,
} from "@powercontext/protocol";

// Values the Store hands back exactly as the contract sends them: the wire types, under the Store's names.
export type { CandidateStatus, MemoryCandidate };
export type CandidateProposal = MemoryProposal;
export type CandidatePage = ListMemoryCandidatesResponse;

export interface CandidateListQuery {
  scope_id: string;
  status: CandidateStatus;
  cursor: string | null;
  limit: number;
}

export interface CandidateReads {
  listCandidates(query: CandidateListQuery): Promise<CandidatePage>;
  getCandidate(scope_id: string, candidate_id: string): Promise<MemoryCandidate | null>;
}
