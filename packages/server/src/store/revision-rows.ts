// What one planned change or candidate write puts in the tables both adapters share the shape of: entry_change,
// entry_version and memory_candidate. The adapters run their own statements with these values.
import type { ArtifactReference, EntryChangeOp, MemoryCitation } from "@powercontext/protocol";
import type {
  CandidateOutcome,
  CandidateProposal,
  CandidateWrite,
  EntryLink,
  NewCandidate,
  NewEntryVersion,
  PlannedChange,
} from "./types.ts";

export interface ChangeValues {
  op: EntryChangeOp;
  entry_id: string;
  from_version_id: string | null;
  to_version_id: string | null;
  reason: string | null;
  /** The version an add or revise writes, with its version number. */
  written: { entry: NewEntryVersion; version: number } | null;
}

export function changeValues(change: PlannedChange): ChangeValues {
  switch (change.op) {
    case "add":
      return {
        op: "add",
        entry_id: change.entry.entry_id,
        from_version_id: null,
        to_version_id: change.entry.entry_version_id,
        reason: change.reason,
        written: { entry: change.entry, version: 1 },
      };
    case "revise":
      return {
        op: "revise",
        entry_id: change.entry.entry_id,
        from_version_id: change.from_entry_version_id,
        to_version_id: change.entry.entry_version_id,
        reason: change.reason,
        written: { entry: change.entry, version: change.version },
      };
    case "deactivate":
      return {
        op: "deactivate",
        entry_id: change.entry_id,
        from_version_id: change.entry_version_id,
        to_version_id: null,
        reason: change.reason,
        written: null,
      };
    default: {
      const unreachable: never = change;
      throw new Error(`unknown change ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The values of the entry_version row a change writes, in the order of VERSION_COLUMNS. */
export const VERSION_COLUMNS =
  "entry_version_id, scope_id, entry_id, version, kind, text, search_text, fingerprint, source_refs, artifact_refs, written_revision";

export function versionRow(
  scopeId: string,
  revision: number,
  written: NonNullable<ChangeValues["written"]>,
): unknown[] {
  const { entry, version } = written;
  return [
    entry.entry_version_id,
    scopeId,
    entry.entry_id,
    version,
    entry.kind,
    entry.text,
    entry.search_text,
    entry.fingerprint,
    JSON.stringify(entry.source_refs),
    JSON.stringify(entry.artifact_refs),
    revision,
  ];
}

/** The values of the entry_change row, in the order of CHANGE_COLUMNS. */
export const CHANGE_COLUMNS = "scope_id, entry_id, revision, op, from_version_id, to_version_id, reason";

export function changeRow(scopeId: string, revision: number, change: ChangeValues): unknown[] {
  return [scopeId, change.entry_id, revision, change.op, change.from_version_id, change.to_version_id, change.reason];
}

/** A link cited at the head the commit leaves (an approval always has one: the entry it links exists). */
function citeLink(link: EntryLink, memory: ArtifactReference | null): MemoryCitation {
  if (!memory) throw new Error(`entry ${link.entry_id} is linked without a Memory revision`);
  return { memory_ref: memory, entry_id: link.entry_id, entry_version_id: link.entry_version_id };
}

/**
 * The twelve values of a proposed candidate's memory_candidate row and first candidate_version row: scope_id,
 * candidate_id, status, kind, text, confidence, extractor, source_refs, reviewer, decision_reason, result, and the
 * time (its created_at and updated_at).
 */
export function proposedCandidateRow(
  scopeId: string,
  candidate: NewCandidate,
  memory: ArtifactReference | null,
  now: string,
): unknown[] {
  const outcome = outcomeValues(candidate.outcome, memory);
  return [
    scopeId,
    candidate.candidate_id,
    outcome.status,
    candidate.proposal.kind,
    candidate.proposal.text,
    candidate.confidence,
    candidate.extractor,
    JSON.stringify(candidate.source_refs),
    outcome.reviewer,
    outcome.decision_reason,
    outcome.result ? JSON.stringify(outcome.result) : null,
    now,
  ];
}

/** An approval or a rejection of a pending candidate. */
export type CandidateDecision = Extract<CandidateWrite, { op: "approve" | "reject" }>;

/**
 * The five values a decision sets on its candidate's memory_candidate row: status, reviewer, decision_reason, result
 * and updated_at. What it does not decide stays null, as it was while the candidate was pending.
 */
export function decisionRow(decision: CandidateDecision, memory: ArtifactReference | null, now: string): unknown[] {
  const outcome = outcomeValues(
    decision.op === "approve"
      ? { status: "approved", reviewer: decision.reviewer, result: decision.result }
      : { status: "rejected", reviewer: decision.reviewer, reason: decision.reason },
    memory,
  );
  return [
    outcome.status,
    outcome.reviewer,
    outcome.decision_reason,
    outcome.result ? JSON.stringify(outcome.result) : null,
    now,
  ];
}

/** The seven values of a candidate_version row: scope_id, candidate_id, version, kind, text, reason, created_at. */
export function candidateVersionRow(
  scopeId: string,
  version: { candidate_id: string; version: number; proposal: CandidateProposal; reason: string | null },
  now: string,
): unknown[] {
  return [
    scopeId,
    version.candidate_id,
    version.version,
    version.proposal.kind,
    version.proposal.text,
    version.reason,
    now,
  ];
}

interface OutcomeValues {
  status: CandidateOutcome["status"];
  reviewer: string | null;
  decision_reason: string | null;
  result: MemoryCitation | null;
}

function outcomeValues(outcome: CandidateOutcome, memory: ArtifactReference | null): OutcomeValues {
  switch (outcome.status) {
    case "pending":
      return { status: "pending", reviewer: null, decision_reason: null, result: null };
    case "approved":
      return {
        status: "approved",
        reviewer: outcome.reviewer,
        decision_reason: null,
        result: citeLink(outcome.result, memory),
      };
    case "rejected":
      return { status: "rejected", reviewer: outcome.reviewer, decision_reason: outcome.reason, result: null };
    default: {
      const unreachable: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(unreachable)}`);
    }
  }
}
