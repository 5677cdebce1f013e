// Experience and Skill artifacts and their candidates on SQLite. Writes run inside the store's BEGIN IMMEDIATE
// transaction, so the checks and the writes of one commit see no other writer.
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { ArtifactCandidate, ArtifactReference } from "@powercontext/protocol";
import {
  ARTIFACT_REVISION_COLUMNS,
  EXPERIENCE_SCAN_LIMIT,
  RESTORE_ARTIFACT_HEADS,
  artifactRevisionValues,
  matchExperiences,
  toArtifactCandidatePage,
  toArtifactRevision,
  type ArtifactRevisionRow,
} from "../artifact-rows.ts";
import type {
  ArtifactCandidateCommit,
  ArtifactCandidateCommitResult,
  ArtifactCandidateListQuery,
  ArtifactCandidatePage,
  ArtifactInventory,
  ArtifactRevision,
  CandidateFamily,
  ExperienceHit,
} from "../types.ts";
import { stmt } from "./statements.ts";

export function getArtifactCandidate(db: DatabaseSync, scopeId: string, candidateId: string): ArtifactCandidate | null {
  const row = stmt(db, "SELECT body FROM artifact_candidate WHERE scope_id = ? AND candidate_id = ?").get(
    scopeId,
    candidateId,
  ) as { body: string } | undefined;
  return row ? (JSON.parse(row.body) as ArtifactCandidate) : null;
}

export function listArtifactCandidates(db: DatabaseSync, query: ArtifactCandidateListQuery): ArtifactCandidatePage {
  const rows = stmt(
    db,
    `SELECT body FROM artifact_candidate
     WHERE scope_id = ? AND status = ? AND (? IS NULL OR family = ?) AND candidate_id > ?
     ORDER BY candidate_id LIMIT ?`,
  ).all(
    query.scope_id,
    query.status,
    query.family,
    query.family,
    query.cursor ?? "",
    query.limit + 1,
  ) as unknown as Array<{ body: string }>;
  return toArtifactCandidatePage(
    rows.map((row) => row.body),
    query.limit,
  );
}

export function getArtifactRevision(
  db: DatabaseSync,
  scopeId: string,
  ref: ArtifactReference,
): ArtifactRevision | null {
  const row = stmt(
    db,
    `SELECT ${ARTIFACT_REVISION_COLUMNS} FROM artifact_revision
     WHERE scope_id = ? AND family = ? AND artifact_id = ? AND revision = ?`,
  ).get(scopeId, ref.family, ref.artifact_id, ref.revision) as ArtifactRevisionRow | undefined;
  return row ? toArtifactRevision(row) : null;
}

export function getArtifactHead(
  db: DatabaseSync,
  scopeId: string,
  family: CandidateFamily,
  artifactId: string,
): ArtifactReference | null {
  const row = stmt(
    db,
    "SELECT max(revision) AS revision FROM artifact_revision WHERE scope_id = ? AND family = ? AND artifact_id = ?",
  ).get(scopeId, family, artifactId) as { revision: number | null } | undefined;
  return row?.revision ? { family, artifact_id: artifactId, revision: row.revision } : null;
}

export function searchExperiences(
  db: DatabaseSync,
  scopeId: string,
  terms: readonly string[],
  limit: number,
): ExperienceHit[] {
  if (terms.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT ${ARTIFACT_REVISION_COLUMNS} FROM artifact_revision
     WHERE scope_id = ? AND family = 'experience' AND is_head = 1 ORDER BY created_at DESC LIMIT ?`,
  ).all(scopeId, EXPERIENCE_SCAN_LIMIT) as unknown as ArtifactRevisionRow[];
  return matchExperiences(rows, terms, limit);
}

export function artifactInventory(db: DatabaseSync, scopeId: string): ArtifactInventory {
  const artifacts = stmt(
    db,
    `SELECT family, count(*) AS total FROM artifact_revision WHERE scope_id = ? AND is_head = 1
     GROUP BY family ORDER BY family`,
  ).all(scopeId) as unknown as ArtifactInventory["artifacts"];
  const candidates = stmt(
    db,
    `SELECT family, status, count(*) AS total FROM artifact_candidate WHERE scope_id = ?
     GROUP BY family, status ORDER BY family, status`,
  ).all(scopeId) as unknown as ArtifactInventory["candidates"];
  // node:sqlite rows have a null prototype; the Store hands back plain objects.
  return { artifacts: artifacts.map((row) => ({ ...row })), candidates: candidates.map((row) => ({ ...row })) };
}

/** Call inside a write transaction. */
export function commitArtifactCandidate(
  db: DatabaseSync,
  commit: ArtifactCandidateCommit,
): ArtifactCandidateCommitResult {
  const { scope_id, candidate } = commit;
  if (commit.expected_version !== null) {
    const current = getArtifactCandidate(db, scope_id, candidate.candidate_id);
    if (!current) return { status: "candidate_not_found" };
    if (current.status !== "pending") return { status: "candidate_terminal", current: current.status };
    if (current.version !== commit.expected_version) {
      return { status: "candidate_conflict", current_version: current.version };
    }
  }
  if (commit.expected_head) {
    const { family, artifact_id, revision } = commit.expected_head;
    const head = getArtifactHead(db, scope_id, family, artifact_id);
    if (head?.revision !== revision) return { status: "artifact_conflict", current: head };
  }
  if (commit.revision) writeRevision(db, scope_id, commit.revision, commit.search_text);
  writeCandidate(db, commit);
  return { status: "committed" };
}

function writeRevision(db: DatabaseSync, scopeId: string, revision: ArtifactRevision, searchText: string | null): void {
  const { family, artifact_id } = revision.artifact;
  stmt(
    db,
    "UPDATE artifact_revision SET is_head = 0 WHERE scope_id = ? AND family = ? AND artifact_id = ? AND is_head = 1",
  ).run(scopeId, family, artifact_id);
  stmt(
    db,
    `INSERT INTO artifact_revision (scope_id, ${ARTIFACT_REVISION_COLUMNS}, is_head)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  ).run(...(artifactRevisionValues(scopeId, revision, searchText) as SQLInputValue[]));
}

function writeCandidate(db: DatabaseSync, commit: ArtifactCandidateCommit): void {
  const { scope_id, candidate, now } = commit;
  const body = JSON.stringify(candidate);
  stmt(
    db,
    `INSERT INTO artifact_candidate (scope_id, candidate_id, version, family, status, body, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
     ON CONFLICT (scope_id, candidate_id) DO UPDATE SET
       version = excluded.version, status = excluded.status, body = excluded.body, updated_at = excluded.updated_at`,
  ).run(scope_id, candidate.candidate_id, candidate.version, candidate.family, candidate.status, body, now);
  if (!commit.appends_version) return;
  stmt(
    db,
    "INSERT INTO artifact_candidate_version (scope_id, candidate_id, version, body, created_at) VALUES (?, ?, ?, ?, ?)",
  ).run(scope_id, candidate.candidate_id, candidate.version, body, now);
}

/**
 * A purged Source takes with it every Experience or Skill candidate with a version citing it (all its versions) and
 * every artifact revision citing it: drafts copy the evidence's text. Call inside the purge's write transaction;
 * answers how many candidates were removed.
 */
export function purgeArtifactsCitingSource(db: DatabaseSync, scopeId: string, sourceId: string): number {
  const cites = (column: string) =>
    `EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_extract(value, '$.source_id') = ?2)`;
  const citing = `candidate_id IN (SELECT candidate_id FROM artifact_candidate_version WHERE scope_id = ?1
    AND ${cites("json_extract(body, '$.source_refs')")})`;
  stmt(db, `DELETE FROM artifact_revision WHERE scope_id = ?1 AND ${cites("source_refs")}`).run(scopeId, sourceId);
  const removed = stmt(db, `DELETE FROM artifact_candidate WHERE scope_id = ?1 AND ${citing}`).run(scopeId, sourceId);
  stmt(db, `DELETE FROM artifact_candidate_version WHERE scope_id = ?1 AND ${citing}`).run(scopeId, sourceId);
  stmt(db, RESTORE_ARTIFACT_HEADS.replace("SCOPE", "?")).run(scopeId);
  return removed.changes as number;
}
