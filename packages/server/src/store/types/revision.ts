// Writing Memory: one atomic commit of a revision the domain planned, with the facts the plan relied on. The store
// checks those facts and writes; it decides nothing about duplicates, citations or outcomes.
import type { ArtifactReference, SourceReference } from "@powercontext/protocol";
import type { CandidateProposal, CandidateStatus } from "./candidates.ts";
import type { NewEntryVersion } from "./memory.ts";

/** One change of a revision; a revision changes each entry at most once. */
export type PlannedChange =
  | { op: "add"; entry: NewEntryVersion; reason: string | null }
  | {
      op: "revise";
      from_entry_version_id: string;
      /** The successor version; its `entry_id` is the revised entry's. */
      entry: NewEntryVersion;
      /** The successor's version number (the predecessor's plus one). */
      version: number;
      reason: string | null;
    }
  | { op: "deactivate"; entry_id: string; entry_version_id: string; reason: string | null };

/** An entry version a candidate's approval points at; the store cites it at the revision the commit leaves. */
export interface EntryLink {
  entry_id: string;
  entry_version_id: string;
}

/** How a new candidate is stored: still pending, or already decided by the review policy. */
export type CandidateOutcome =
  | { status: "pending" }
  | { status: "approved"; reviewer: string; result: EntryLink }
  | { status: "rejected"; reviewer: string; reason: string };

export interface NewCandidate {
  candidate_id: string;
  proposal: CandidateProposal;
  confidence: number;
  extractor: string;
  source_refs: SourceReference[];
  outcome: CandidateOutcome;
}

/** A candidate written by the commit: proposed at version 1, or a review of a pending one. */
export type CandidateWrite =
  | { op: "propose"; candidate: NewCandidate }
  | { op: "approve"; candidate_id: string; reviewer: string; result: EntryLink }
  | { op: "reject"; candidate_id: string; reviewer: string; reason: string }
  | { op: "revise"; candidate_id: string; version: number; proposal: CandidateProposal; reason: string | null };

/** What the plan read and relied on. Every listed fact must still hold when the commit runs. */
export interface RevisionExpectations {
  /** The scope's head revision (0 while it has none); only a plan that depends on the whole head sets it. */
  head?: number;
  /** The revision that last changed each entry, or null for an entry that must not exist. */
  entries?: Array<{ entry_id: string; last_revision: number | null }>;
  /** The ids, ascending, of the active entries holding each fingerprint. */
  fingerprints?: Array<{ fingerprint: string; active_entry_ids: string[] }>;
  /** Each reviewed candidate's version and status. */
  candidates?: Array<{ candidate_id: string; version: number; status: CandidateStatus }>;
}

export interface RevisionCommit {
  scope_id: string;
  expected: RevisionExpectations;
  /** The next revision's changes; none writes no revision. */
  changes: PlannedChange[];
  candidates?: CandidateWrite[];
  /** The flush cursor moves from `from` to `to`; a cursor no longer at `from` is a conflict. */
  cursor?: { from: number; to: number };
  /** ISO-8601 UTC. */
  now: string;
}

export type RevisionCommitResult =
  /** `memory` is the head the commit leaves: the new revision, or the unchanged head when it had no changes. */
  | { status: "committed"; memory: ArtifactReference | null }
  /** An expectation or the cursor no longer holds: nothing was written. */
  | { status: "conflict" };

export interface RevisionWrites {
  /**
   * In one transaction: checks `expected` and the cursor, writes the revision, the candidates (a candidate's result
   * cited at the head the commit leaves) and the cursor. Acknowledged commits are durable.
   */
  commitRevision(commit: RevisionCommit): Promise<RevisionCommitResult>;
}
