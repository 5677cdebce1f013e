// Memory candidates: the flush commit (candidates, review outcomes, one Memory revision, cursor) and the review inbox.
import type { MemoryCitation, SourceReference } from "@powercontext/protocol";
import type {
  ApprovedDisposition,
  CandidateListQuery,
  CandidatePage,
  CandidateProposal,
  CandidateReview,
  CandidateReviewResult,
  CandidateStatus,
  FlushCommit,
  FlushCommitResult,
  MemoryCandidate,
} from "../types.ts";
import { readHeadRow, writeRevision, type PlannedChange } from "./memory-revision.ts";
import { memoryRef } from "./rows.ts";
import { lockExistingScope, lockScope, type ScopeRow } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

interface CandidateRow {
  candidate_id: string;
  version: number;
  status: CandidateStatus;
  kind: string;
  text: string;
  confidence: number;
  extractor: string;
  source_refs: SourceReference[];
  reviewer: string | null;
  decision_reason: string | null;
  result: MemoryCitation | null;
  created_at: string;
  updated_at: string;
}

const CANDIDATE_COLUMNS =
  "candidate_id, version, status, kind, text, confidence, extractor, source_refs, reviewer, decision_reason, result, created_at, updated_at";

function toCandidate(row: CandidateRow): MemoryCandidate {
  return {
    candidate_id: row.candidate_id,
    version: row.version,
    status: row.status,
    proposal: { kind: row.kind, text: row.text },
    confidence: row.confidence,
    extractor: row.extractor,
    source_refs: row.source_refs,
    reviewer: row.reviewer,
    decision_reason: row.decision_reason,
    result: row.result,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Collects approvals into one revision, resolving duplicates against the head and against each other. */
class ApprovalBatch {
  readonly changes: PlannedChange[] = [];
  private readonly added = new Map<string, string>();
  private readonly links: Array<{ candidateId: string; entryId: string }> = [];
  private readonly sql: Sql;
  private readonly scope: ScopeRow;

  constructor(sql: Sql, scope: ScopeRow) {
    this.sql = sql;
    this.scope = scope;
  }

  async approve(
    candidateId: string,
    approval: Pick<ApprovedDisposition, "entry" | "near_duplicate_of">,
    reason: string | null,
  ): Promise<void> {
    const { entry } = approval;
    const duplicate = await this.findDuplicate(entry.fingerprint, approval.near_duplicate_of);
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

  private async findDuplicate(fingerprint: string, nearDuplicateOf: string | null): Promise<string | undefined> {
    const inBatch = this.added.get(fingerprint);
    if (inBatch) return inBatch;
    const exact = await this.sql.row<{ entry_id: string }>(
      "SELECT entry_id FROM entry_head WHERE scope_id = $1 AND fingerprint = $2 AND state = 'active' ORDER BY entry_id LIMIT 1",
      [this.scope.scope_id, fingerprint],
    );
    if (exact) return exact.entry_id;
    if (nearDuplicateOf && (await readHeadRow(this.sql, this.scope.scope_id, nearDuplicateOf))?.state === "active") {
      return nearDuplicateOf;
    }
    return undefined;
  }

  /** Writes the revision (if anything was added) and returns each approved candidate's resulting citation. */
  async commit(now: string): Promise<{ revision: number; written: boolean; results: Map<string, MemoryCitation> }> {
    const written = this.changes.length > 0;
    const revision = written
      ? await writeRevision(this.sql, this.scope, this.changes, now)
      : this.scope.memory_revision;
    const results = new Map<string, MemoryCitation>();
    for (const link of this.links) {
      const head = await readHeadRow(this.sql, this.scope.scope_id, link.entryId);
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

/** Call inside a write transaction. */
export async function commitFlush(sql: Sql, flush: FlushCommit): Promise<FlushCommitResult> {
  const scope = await lockScope(sql, flush.scope_id);
  if (scope.memory_cursor !== flush.previous_cursor) return { status: "cursor_moved" };
  const batch = new ApprovalBatch(sql, scope);
  for (const candidate of flush.candidates) {
    if (candidate.disposition.status === "approved")
      await batch.approve(candidate.candidate_id, candidate.disposition, null);
  }
  const { revision, written, results } = await batch.commit(flush.now);
  for (const candidate of flush.candidates) {
    const { disposition } = candidate;
    const result = results.get(candidate.candidate_id);
    await sql.run(
      `WITH proposed AS (
         INSERT INTO memory_candidate (scope_id, candidate_id, version, status, kind, text, confidence, extractor, source_refs,
           reviewer, decision_reason, result, created_at, updated_at)
         VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       )
       INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
       VALUES ($1, $2, 1, $4, $5, NULL, $12)`,
      [
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
      ],
    );
  }
  await sql.run("UPDATE scope_state SET memory_cursor = $2 WHERE scope_id = $1", [
    flush.scope_id,
    flush.current_cursor,
  ]);
  return { status: "committed", memory: revision === 0 ? null : memoryRef(revision), written };
}

function readCandidateRow(sql: Sql, scopeId: string, candidateId: string): Promise<CandidateRow | undefined> {
  return sql.row<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM memory_candidate WHERE scope_id = $1 AND candidate_id = $2`,
    [scopeId, candidateId],
  );
}

export async function getCandidate(sql: Sql, scopeId: string, candidateId: string): Promise<MemoryCandidate | null> {
  const row = await readCandidateRow(sql, scopeId, candidateId);
  return row ? toCandidate(row) : null;
}

export async function listCandidates(sql: Sql, query: CandidateListQuery): Promise<CandidatePage> {
  const rows = await sql.rows<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM memory_candidate WHERE scope_id = $1 AND status = $2 AND candidate_id > $3
     ORDER BY candidate_id LIMIT $4`,
    [query.scope_id, query.status, query.cursor ?? "", query.limit + 1],
  );
  const page = rows.slice(0, query.limit).map(toCandidate);
  const more = rows.length > query.limit;
  return { candidates: page, next_cursor: more ? (page.at(-1)?.candidate_id ?? null) : null };
}

/** Call inside a write transaction. */
export async function reviewCandidate(sql: Sql, review: CandidateReview): Promise<CandidateReviewResult> {
  const scope = await lockExistingScope(sql, review.scope_id);
  if (!scope) return { status: "candidate_not_found" };
  const row = await readCandidateRow(sql, review.scope_id, review.candidate_id);
  if (!row) return { status: "candidate_not_found" };
  if (row.status !== "pending") return { status: "candidate_terminal", current: row.status };
  if (row.version !== review.expected_version) return { status: "candidate_conflict", current_version: row.version };
  const { decision } = review;
  switch (decision.action) {
    case "approve": {
      const batch = new ApprovalBatch(sql, scope);
      await batch.approve(row.candidate_id, decision, null);
      const result = (await batch.commit(review.now)).results.get(row.candidate_id) ?? null;
      await sql.run(
        `UPDATE memory_candidate SET status = 'approved', reviewer = $3, result = $4, updated_at = $5
         WHERE scope_id = $1 AND candidate_id = $2`,
        [review.scope_id, row.candidate_id, decision.reviewer, JSON.stringify(result), review.now],
      );
      break;
    }
    case "reject":
      await sql.run(
        `UPDATE memory_candidate SET status = 'rejected', reviewer = $3, decision_reason = $4, updated_at = $5
         WHERE scope_id = $1 AND candidate_id = $2`,
        [review.scope_id, row.candidate_id, decision.reviewer, decision.reason, review.now],
      );
      break;
    case "revise": {
      const version = row.version + 1;
      await sql.run(
        `UPDATE memory_candidate SET version = $3, kind = $4, text = $5, updated_at = $6 WHERE scope_id = $1 AND candidate_id = $2`,
        [review.scope_id, row.candidate_id, version, decision.proposal.kind, decision.proposal.text, review.now],
      );
      await insertCandidateVersion(
        sql,
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
  const updated = await readCandidateRow(sql, review.scope_id, row.candidate_id);
  if (!updated) throw new Error(`candidate ${row.candidate_id} vanished during review`);
  return { status: "ok", candidate: toCandidate(updated) };
}

async function insertCandidateVersion(
  sql: Sql,
  scopeId: string,
  candidateId: string,
  version: number,
  proposal: CandidateProposal,
  reason: string | null,
  now: string,
): Promise<void> {
  await sql.run(
    `INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [scopeId, candidateId, version, proposal.kind, proposal.text, reason, now],
  );
}
