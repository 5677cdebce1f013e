// Memory candidates on SQLite: the review inbox, and the candidate rows a Memory commit writes.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { ArtifactReference } from "@powercontext/protocol";
import { candidateVersionRow, decisionRow, proposedCandidateRow } from "../revision-rows.ts";
import { toCandidate, toCandidatePage } from "../rows.ts";
import type { CandidateListQuery, CandidatePage, CandidateWrite, MemoryCandidate, NewCandidate } from "../types.ts";
import { decodeCandidate, type StoredCandidateRow } from "./rows.ts";
import { stmt } from "./statements.ts";

export function getCandidate(db: DatabaseSync, scopeId: string, candidateId: string): MemoryCandidate | null {
  const row = stmt(db, "SELECT * FROM memory_candidate WHERE scope_id = ? AND candidate_id = ?").get(
    scopeId,
    candidateId,
  ) as StoredCandidateRow | undefined;
  return row ? toCandidate(decodeCandidate(row)) : null;
}

export function listCandidates(db: DatabaseSync, query: CandidateListQuery): CandidatePage {
  const rows = stmt(
    db,
    `SELECT * FROM memory_candidate WHERE scope_id = ? AND status = ? AND candidate_id > ?
     ORDER BY candidate_id LIMIT ?`,
  ).all(query.scope_id, query.status, query.cursor ?? "", query.limit + 1) as unknown as StoredCandidateRow[];
  return toCandidatePage(rows.map(decodeCandidate), query.limit);
}

/** Writes a commit's candidates; `memory` is the head the commit leaves. Call inside its write transaction. */
export function writeCandidates(
  db: DatabaseSync,
  scopeId: string,
  writes: readonly CandidateWrite[],
  memory: ArtifactReference | null,
  now: string,
): void {
  for (const write of writes) {
    switch (write.op) {
      case "propose":
        proposeCandidate(db, scopeId, write.candidate, memory, now);
        break;
      case "approve":
      case "reject":
        stmt(
          db,
          `UPDATE memory_candidate SET status = ?, reviewer = ?, decision_reason = ?, result = ?, updated_at = ?
           WHERE scope_id = ? AND candidate_id = ?`,
        ).run(...(decisionRow(write, memory, now) as SQLInputValue[]), scopeId, write.candidate_id);
        break;
      case "revise":
        stmt(
          db,
          `UPDATE memory_candidate SET version = ?, kind = ?, text = ?, updated_at = ?
           WHERE scope_id = ? AND candidate_id = ?`,
        ).run(write.version, write.proposal.kind, write.proposal.text, now, scopeId, write.candidate_id);
        insertCandidateVersion(db, candidateVersionRow(scopeId, write, now));
        break;
      default: {
        const unreachable: never = write;
        throw new Error(`unknown candidate write ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

/** The candidate and its first version; ?12 is the time, both its created_at and updated_at. */
function proposeCandidate(
  db: DatabaseSync,
  scopeId: string,
  candidate: NewCandidate,
  memory: ArtifactReference | null,
  now: string,
): void {
  const row = proposedCandidateRow(scopeId, candidate, memory, now) as SQLInputValue[];
  stmt(
    db,
    `INSERT INTO memory_candidate (scope_id, candidate_id, version, status, kind, text, confidence, extractor,
       source_refs, reviewer, decision_reason, result, created_at, updated_at)
     VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)`,
  ).run(...row);
  const { candidate_id, proposal } = candidate;
  insertCandidateVersion(db, candidateVersionRow(scopeId, { candidate_id, version: 1, proposal, reason: null }, now));
}

function insertCandidateVersion(db: DatabaseSync, row: unknown[]): void {
  stmt(
    db,
    `INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(...(row as SQLInputValue[]));
}
