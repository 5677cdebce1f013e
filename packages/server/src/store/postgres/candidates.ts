// Memory candidates on PostgreSQL: the review inbox, and the candidate rows a Memory commit writes.
import type { ArtifactReference } from "@powercontext/protocol";
import { candidateVersionRow, decisionRow, proposedCandidateRow } from "../revision-rows.ts";
import { toCandidate, toCandidatePage, type CandidateRow } from "../rows.ts";
import type { CandidateListQuery, CandidatePage, CandidateWrite, MemoryCandidate, NewCandidate } from "../types.ts";
import { CANDIDATE_COLUMNS } from "./rows.ts";
import type { Sql } from "./sql.ts";

export async function getCandidate(sql: Sql, scopeId: string, candidateId: string): Promise<MemoryCandidate | null> {
  const row = await sql.row<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM memory_candidate WHERE scope_id = $1 AND candidate_id = $2`,
    [scopeId, candidateId],
  );
  return row ? toCandidate(row) : null;
}

export async function listCandidates(sql: Sql, query: CandidateListQuery): Promise<CandidatePage> {
  const rows = await sql.rows<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM memory_candidate WHERE scope_id = $1 AND status = $2 AND candidate_id > $3
     ORDER BY candidate_id LIMIT $4`,
    [query.scope_id, query.status, query.cursor ?? "", query.limit + 1],
  );
  return toCandidatePage(rows, query.limit);
}

/** Writes a commit's candidates; `memory` is the head the commit leaves. Call inside its write transaction. */
export async function writeCandidates(
  sql: Sql,
  scopeId: string,
  writes: readonly CandidateWrite[],
  memory: ArtifactReference | null,
  now: string,
): Promise<void> {
  for (const write of writes) {
    switch (write.op) {
      case "propose":
        await proposeCandidate(sql, scopeId, write.candidate, memory, now);
        break;
      case "approve":
      case "reject":
        await sql.run(
          `UPDATE memory_candidate SET status = $3, reviewer = $4, decision_reason = $5, result = $6, updated_at = $7
           WHERE scope_id = $1 AND candidate_id = $2`,
          [scopeId, write.candidate_id, ...decisionRow(write, memory, now)],
        );
        break;
      case "revise":
        await sql.run(
          `UPDATE memory_candidate SET version = $3, kind = $4, text = $5, updated_at = $6
           WHERE scope_id = $1 AND candidate_id = $2`,
          [scopeId, write.candidate_id, write.version, write.proposal.kind, write.proposal.text, now],
        );
        await sql.run(
          `INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          candidateVersionRow(scopeId, write, now),
        );
        break;
      default: {
        const unreachable: never = write;
        throw new Error(`unknown candidate write ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

/** The candidate and its first version in one statement; $12 is the time, both its created_at and updated_at. */
async function proposeCandidate(
  sql: Sql,
  scopeId: string,
  candidate: NewCandidate,
  memory: ArtifactReference | null,
  now: string,
): Promise<void> {
  await sql.run(
    `WITH proposed AS (
       INSERT INTO memory_candidate (scope_id, candidate_id, version, status, kind, text, confidence, extractor, source_refs,
         reviewer, decision_reason, result, created_at, updated_at)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     )
     INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
     VALUES ($1, $2, 1, $4, $5, NULL, $12)`,
    proposedCandidateRow(scopeId, candidate, memory, now),
  );
}
