// Experience and managed Skill artifacts and their candidates (api-v1.md §10): immutable artifact revisions, candidate
// heads with every proposal version kept, and one atomic write per candidate decision. The domain decides what the
// next state is; the store checks, under the scope's write lock, that what the decision relied on still holds.
import type {
  ArtifactCandidate,
  ArtifactCandidatePage,
  ArtifactProposal,
  ArtifactReference,
  CandidateFamily,
  CandidateStatus,
  SourceReference,
} from "@powercontext/protocol";

export type { ArtifactCandidate, ArtifactCandidatePage, CandidateFamily };

export interface ArtifactCandidateListQuery {
  scope_id: string;
  status: CandidateStatus;
  family: CandidateFamily | null;
  cursor: string | null;
  limit: number;
}

/** One immutable approved revision of an Experience or a Skill, with the approving candidate's refs as lineage. */
export interface ArtifactRevision {
  artifact: ArtifactReference & { family: CandidateFamily };
  content: ArtifactProposal;
  source_refs: SourceReference[];
  artifact_refs: ArtifactReference[];
  candidate_id: string;
  created_at: string;
}

/**
 * A candidate write: the candidate's next head (`candidate`), the version and pending status it must still have
 * (`expected_version`, null for a new candidate), and whether the target artifact's head must still be a revision
 * (`expected_head`: the artifact and the head revision the plan saw, null for a new artifact).
 */
export interface ArtifactCandidateCommit {
  scope_id: string;
  candidate: ArtifactCandidate;
  /** Null: a new candidate at version 1. Else the version it must still be pending at. */
  expected_version: number | null;
  /** Revise and propose append the proposal as an immutable version; approve and reject do not. */
  appends_version: boolean;
  /** The artifact whose head must still be `revision` (a target); checked before anything is written. */
  expected_head: { family: CandidateFamily; artifact_id: string; revision: number } | null;
  /** An approval's new artifact revision (its ref is `candidate.result_artifact`). */
  revision: ArtifactRevision | null;
  /** Lowercased words of an Experience's text for recall; null for a Skill. */
  search_text: string | null;
  now: string;
}

export type ArtifactCandidateCommitResult =
  | { status: "committed" }
  | { status: "candidate_not_found" }
  | { status: "candidate_terminal"; current: CandidateStatus }
  | { status: "candidate_conflict"; current_version: number }
  | { status: "artifact_conflict"; current: ArtifactReference | null };

/** An approved Experience head that shares words with a query, for recall. */
export interface ExperienceHit {
  revision: ArtifactRevision;
  /** How many of the query's terms its text holds. */
  matched_terms: number;
}

/** A scope's Experience and Skill counts for statistics: artifact identities per family, candidates per family and status. */
export interface ArtifactInventory {
  artifacts: Array<{ family: CandidateFamily; total: number }>;
  candidates: Array<{ family: CandidateFamily; status: CandidateStatus; total: number }>;
}

export interface ArtifactOperations {
  artifactInventory(scope_id: string): Promise<ArtifactInventory>;
  listArtifactCandidates(query: ArtifactCandidateListQuery): Promise<ArtifactCandidatePage>;
  getArtifactCandidate(scope_id: string, candidate_id: string): Promise<ArtifactCandidate | null>;
  /** One transaction: checks the candidate (404, terminal, version, in that order), then the target head, then writes. */
  commitArtifactCandidate(commit: ArtifactCandidateCommit): Promise<ArtifactCandidateCommitResult>;
  getArtifactRevision(scope_id: string, artifact: ArtifactReference): Promise<ArtifactRevision | null>;
  /** The latest revision of an Experience or Skill, or null when the scope has no such artifact. */
  getArtifactHead(scope_id: string, family: CandidateFamily, artifact_id: string): Promise<ArtifactReference | null>;
  /**
   * The head revisions of approved Experiences whose text holds at least one of `terms` (analyzed, lowercase), most
   * matched terms first, then newest; at most `limit`.
   */
  searchExperiences(scope_id: string, terms: readonly string[], limit: number): Promise<ExperienceHit[]>;
}
