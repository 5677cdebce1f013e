// Memory candidates: the flush commit (candidates, review outcomes, one Memory revision, cursor) and the review inbox.
import type { DatabaseSync } from "node:sqlite";
import type { MemoryCitation, SourceReference } from "@powercontext/protocol";
import type {
  ApprovedDisposition,
  CandidateListQuery,
  CandidatePage,
  CandidateReview,
  CandidateReviewResult,
  CandidateStatus,
  FlushCommit,
  FlushCommitResult,
  MemoryCandidate,
} from "../types.ts";
import { readHeadRow, writeRevision, type PlannedChange } from "./memory-revision.ts";
import { activeWithFingerprint, headRevision } from "./memory.ts";
import { memoryRef } from "./rows.ts";
import { ensureScope } from "./scope-state.ts";
import { stmt } from "./statements.ts";

interface CandidateRow {
  candidate_id: string;
  version: number;
  status: CandidateStatus;
  kind: string;
  text: string;
  confidence: number;
  extractor: string;
  source_refs: string;
  reviewer: string | null;
  decision_reason: string | null;
  result: string | null;
  created_at: string;
  updated_at: string;
}

function toCandidate(row: CandidateRow): MemoryCandidate {
  return {
    candidate_id: row.candidate_id,
    version: row.version,
    status: row.status,
    proposal: { kind: row.kind, text: row.text },
    confidence: row.confidence,
    extractor: row.extractor,
    source_refs: JSON.parse(row.source_refs) as SourceReference[],
    reviewer: row.reviewer,
    decision_reason: row.decision_reason,
    result: row.result === null ? null : (JSON.parse(row.result) as MemoryCitation),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Collects approvals into one revision, resolving duplicates against the head and against each other. */
class ApprovalBatch {
  readonly changes: PlannedChange[] = [];
  private readonly added = new Map<string, string>();
  private readonly links: Array<{ candidateId: string; entryId: string }> = [];
  private readonly db: DatabaseSync;
  private readonly scopeId: string;

  constructor(db: DatabaseSync, scopeId: string) {
    this.db = db;
    this.scopeId = scopeId;
  }

  approve(
    candidateId: string,
    approval: Pick<ApprovedDisposition, "entry" | "near_duplicate_of">,
    reason: string | null,
  ): void {
    const { entry } = approval;
    const duplicate = this.findDuplicate(entry.fingerprint, approval.near_duplicate_of);
    if (duplicate) {
      this.links.push({ candidateId, entryId: duplicate });
      return;
    }
    this.added.set(entry.fingerprint, entry.entry_id);
    this.links.push({ candidateId, entryId: entry.entry_id });
    this.changes.push({
      op: "add",
      entry_id: entry.entry_id,
      from_entry_version_id: null,
      to_entry_version_id: entry.entry_version_id,
      reason,
      write: { entry, version: 1 },
    });
  }

  private findDuplicate(fingerprint: string, nearDuplicateOf: string | null): string | undefined {
    const inBatch = this.added.get(fingerprint);
    if (inBatch) return inBatch;
    const exact = activeWithFingerprint(this.db, this.scopeId, fingerprint);
    if (exact) return exact.entry_id;
    if (nearDuplicateOf && readHeadRow(this.db, this.scopeId, nearDuplicateOf)?.state === "active")
      return nearDuplicateOf;
    return undefined;
  }

  /** Writes the revision (if anything was added) and returns each approved candidate's resulting citation. */
  commit(now: string): { revision: number; written: boolean; results: Map<string, MemoryCitation> } {
    const written = this.changes.length > 0;
    const revision = written
      ? writeRevision(this.db, this.scopeId, this.changes, now)
      : headRevision(this.db, this.scopeId);
    const results = new Map<string, MemoryCitation>();
    for (const link of this.links) {
      const head = readHeadRow(this.db, this.scopeId, link.entryId);
      if (!head) throw new Error(`approved entry ${link.entryId} has no head`);
      results.set(link.candidateId, {
        memory_ref: memoryRef(revision),
        entry_id: link.entryId,
        entry_version_id: head.entry_version_id,
      });
    }
    return { revision, written, results };
  }
}

export function commitFlush(db: DatabaseSync, flush: FlushCommit): FlushCommitResult {
  const scope = ensureScope(db, flush.scope_id);
  if (scope.memory_cursor !== flush.previous_cursor) return { status: "cursor_moved" };
  const batch = new ApprovalBatch(db, flush.scope_id);
  for (const candidate of flush.candidates) {
    if (candidate.disposition.status === "approved") batch.approve(candidate.candidate_id, candidate.disposition, null);
  }
  const { revision, written, results } = batch.commit(flush.now);
  const insert = stmt(
    db,
    `INSERT INTO memory_candidate (scope_id, candidate_id, version, status, kind, text, confidence, extractor, source_refs,
       reviewer, decision_reason, result, created_at, updated_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const candidate of flush.candidates) {
    const { disposition } = candidate;
    const result = results.get(candidate.candidate_id);
    insert.run(
      flush.scope_id,
      candidate.candidate_id,
      disposition.status,
      candidate.proposal.kind,
      candidate.proposal.text,
      candidate.confidence,
      candidate.extractor,
      JSON.stringify(candidate.source_refs),
      disposition.status === "pending" ? null : disposition.reviewer,
      disposition.status === "rejected" ? disposition.reason : null,
      result ? JSON.stringify(result) : null,
      flush.now,
      flush.now,
    );
    insertCandidateVersion(db, flush.scope_id, candidate.candidate_id, 1, candidate.proposal, null, flush.now);
  }
  stmt(db, "UPDATE scope_state SET memory_cursor = ? WHERE scope_id = ?").run(flush.current_cursor, flush.scope_id);
  return { status: "committed", memory: revision === 0 ? null : memoryRef(revision), written };
}

function insertCandidateVersion(
  db: DatabaseSync,
  scopeId: string,
  candidateId: string,
  version: number,
  proposal: { kind: string; text: string },
  reason: string | null,
  now: string,
): void {
  stmt(
    db,
    `INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(scopeId, candidateId, version, proposal.kind, proposal.text, reason, now);
}

function readCandidateRow(db: DatabaseSync, scopeId: string, candidateId: string): CandidateRow | undefined {
  return stmt(db, "SELECT * FROM memory_candidate WHERE scope_id = ? AND candidate_id = ?").get(scopeId, candidateId) as
    | CandidateRow
    | undefined;
}

export function getCandidate(db: DatabaseSync, scopeId: string, candidateId: string): MemoryCandidate | null {
  const row = readCandidateRow(db, scopeId, candidateId);
  return row ? toCandidate(row) : null;
}

export function listCandidates(db: DatabaseSync, query: CandidateListQuery): CandidatePage {
  const rows = stmt(
    db,
    `SELECT * FROM memory_candidate WHERE scope_id = ? AND status = ? AND candidate_id > ?
     ORDER BY candidate_id LIMIT ?`,
  ).all(query.scope_id, query.status, query.cursor ?? "", query.limit + 1) as unknown as CandidateRow[];
  const page = rows.slice(0, query.limit).map(toCandidate);
  const more = rows.length > query.limit;
  return { candidates: page, next_cursor: more ? (page.at(-1)?.candidate_id ?? null) : null };
}

export function reviewCandidate(db: DatabaseSync, review: CandidateReview): CandidateReviewResult {
  const row = readCandidateRow(db, review.scope_id, review.candidate_id);
  if (!row) return { status: "candidate_not_found" };
  if (row.status !== "pending") return { status: "candidate_terminal", current: row.status };
  if (row.version !== review.expected_version) return { status: "candidate_conflict", current_version: row.version };
  const { decision } = review;
  switch (decision.action) {
    case "approve": {
      const batch = new ApprovalBatch(db, review.scope_id);
      batch.approve(row.candidate_id, decision, null);
      const result = batch.commit(review.now).results.get(row.candidate_id) ?? null;
      stmt(
        db,
        `UPDATE memory_candidate SET status = 'approved', reviewer = ?, result = ?, updated_at = ?
         WHERE scope_id = ? AND candidate_id = ?`,
      ).run(decision.reviewer, JSON.stringify(result), review.now, review.scope_id, row.candidate_id);
      break;
    }
    case "reject":
      stmt(
        db,
        `UPDATE memory_candidate SET status = 'rejected', reviewer = ?, decision_reason = ?, updated_at = ?
         WHERE scope_id = ? AND candidate_id = ?`,
      ).run(decision.reviewer, decision.reason, review.now, review.scope_id, row.candidate_id);
      break;
    case "revise": {
      const version = row.version + 1;
      stmt(
        db,
        `UPDATE memory_candidate SET version = ?, kind = ?, text = ?, updated_at = ?
         WHERE scope_id = ? AND candidate_id = ?`,
      ).run(version, decision.proposal.kind, decision.proposal.text, review.now, review.scope_id, row.candidate_id);
      insertCandidateVersion(
        db,
        review.scope_id,
        row.candidate_id,
        version,
        decision.proposal,
        decision.reason,
        review.now,
      );
      break;
    }
    default: {
      const unreachable: never = decision;
      throw new Error(`unknown decision ${JSON.stringify(unreachable)}`);
    }
  }
  return {
    status: "ok",
    candidate: toCandidate(readCandidateRow(db, review.scope_id, row.candidate_id) as CandidateRow),
  };
}
