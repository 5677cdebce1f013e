// Experience and Skill artifacts and their candidates on PostgreSQL. A commit locks its scope's row first (see
// scope-state.ts), so the checks and the writes of one commit see no other writer to the scope, in any Server.
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
import { lockScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

export async function getArtifactCandidate(
  sql: Sql,
  scopeId: string,
  candidateId: string,
): Promise<ArtifactCandidate | null> {
  const row = await sql.row<{ body: string }>(
    "SELECT body FROM artifact_candidate WHERE scope_id = $1 AND candidate_id = $2",
    [scopeId, candidateId],
  );
  return row ? (JSON.parse(row.body) as ArtifactCandidate) : null;
}

export async function listArtifactCandidates(
  sql: Sql,
  query: ArtifactCandidateListQuery,
): Promise<ArtifactCandidatePage> {
  const rows = await sql.rows<{ body: string }>(
    `SELECT body FROM artifact_candidate
     WHERE scope_id = $1 AND status = $2 AND ($3::text IS NULL OR family = $3) AND candidate_id > $4
     ORDER BY candidate_id LIMIT $5`,
    [query.scope_id, query.status, query.family, query.cursor ?? "", query.limit + 1],
  );
  return toArtifactCandidatePage(
    rows.map((row) => row.body),
    query.limit,
  );
}

export async function getArtifactRevision(
  sql: Sql,
  scopeId: string,
  ref: ArtifactReference,
): Promise<ArtifactRevision | null> {
  const row = await sql.row<ArtifactRevisionRow>(
    `SELECT ${ARTIFACT_REVISION_COLUMNS} FROM artifact_revision
     WHERE scope_id = $1 AND family = $2 AND artifact_id = $3 AND revision = $4`,
    [scopeId, ref.family, ref.artifact_id, ref.revision],
  );
  return row ? toArtifactRevision(row) : null;
}

export async function getArtifactHead(
  sql: Sql,
  scopeId: string,
  family: CandidateFamily,
  artifactId: string,
): Promise<ArtifactReference | null> {
  const row = await sql.row<{ revision: number | null }>(
    "SELECT max(revision) AS revision FROM artifact_revision WHERE scope_id = $1 AND family = $2 AND artifact_id = $3",
    [scopeId, family, artifactId],
  );
  return row?.revision ? { family, artifact_id: artifactId, revision: Number(row.revision) } : null;
}

export async function searchExperiences(
  sql: Sql,
  scopeId: string,
  terms: readonly string[],
  limit: number,
): Promise<ExperienceHit[]> {
  if (terms.length === 0) return [];
  const rows = await sql.rows<ArtifactRevisionRow>(
    `SELECT ${ARTIFACT_REVISION_COLUMNS} FROM artifact_revision
     WHERE scope_id = $1 AND family = 'experience' AND is_head ORDER BY created_at DESC LIMIT $2`,
    [scopeId, EXPERIENCE_SCAN_LIMIT],
  );
  return matchExperiences(rows, terms, limit);
}

export async function artifactInventory(sql: Sql, scopeId: string): Promise<ArtifactInventory> {
  const artifacts = await sql.rows<ArtifactInventory["artifacts"][number]>(
    `SELECT family, count(*)::int AS total FROM artifact_revision WHERE scope_id = $1 AND is_head
     GROUP BY family ORDER BY family`,
    [scopeId],
  );
  const candidates = await sql.rows<ArtifactInventory["candidates"][number]>(
    `SELECT family, status, count(*)::int AS total FROM artifact_candidate WHERE scope_id = $1
     GROUP BY family, status ORDER BY family, status`,
    [scopeId],
  );
  return { artifacts, candidates };
}

/** Call inside a write transaction. */
export async function commitArtifactCandidate(
  sql: Sql,
  commit: ArtifactCandidateCommit,
): Promise<ArtifactCandidateCommitResult> {
  const { scope_id, candidate } = commit;
  await lockScope(sql, scope_id);
  if (commit.expected_version !== null) {
    const current = await getArtifactCandidate(sql, scope_id, candidate.candidate_id);
    if (!current) return { status: "candidate_not_found" };
    if (current.status !== "pending") return { status: "candidate_terminal", current: current.status };
    if (current.version !== commit.expected_version) {
      return { status: "candidate_conflict", current_version: current.version };
    }
  }
  if (commit.expected_head) {
    const { family, artifact_id, revision } = commit.expected_head;
    const head = await getArtifactHead(sql, scope_id, family, artifact_id);
    if (head?.revision !== revision) return { status: "artifact_conflict", current: head };
  }
  if (commit.revision) await writeRevision(sql, scope_id, commit.revision, commit.search_text);
  await writeCandidate(sql, commit);
  return { status: "committed" };
}

async function writeRevision(sql: Sql, scopeId: string, revision: ArtifactRevision, searchText: string | null) {
  const { family, artifact_id } = revision.artifact;
  await sql.run(
    "UPDATE artifact_revision SET is_head = false WHERE scope_id = $1 AND family = $2 AND artifact_id = $3 AND is_head",
    [scopeId, family, artifact_id],
  );
  await sql.run(
    `INSERT INTO artifact_revision (scope_id, ${ARTIFACT_REVISION_COLUMNS}, is_head)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)`,
    artifactRevisionValues(scopeId, revision, searchText),
  );
}

async function writeCandidate(sql: Sql, commit: ArtifactCandidateCommit): Promise<void> {
  const { scope_id, candidate, now } = commit;
  const body = JSON.stringify(candidate);
  await sql.run(
    `INSERT INTO artifact_candidate (scope_id, candidate_id, version, family, status, body, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (scope_id, candidate_id) DO UPDATE SET
       version = excluded.version, status = excluded.status, body = excluded.body, updated_at = excluded.updated_at`,
    [scope_id, candidate.candidate_id, candidate.version, candidate.family, candidate.status, body, now],
  );
  if (!commit.appends_version) return;
  await sql.run(
    "INSERT INTO artifact_candidate_version (scope_id, candidate_id, version, body, created_at) VALUES ($1, $2, $3, $4, $5)",
    [scope_id, candidate.candidate_id, candidate.version, body, now],
  );
}

/**
 * A purged Source takes with it every Experience or Skill candidate with a version citing it (all its versions) and
 * every artifact revision citing it: drafts copy the evidence's text. Call inside the purge's write transaction;
 * answers how many candidates were removed.
 */
export async function purgeArtifactsCitingSource(sql: Sql, scopeId: string, sourceId: string): Promise<number> {
  const cites = (column: string) =>
    `EXISTS (SELECT 1 FROM json_array_elements(${column}) e WHERE e->>'source_id' = $2)`;
  const citing = `candidate_id IN (SELECT candidate_id FROM artifact_candidate_version WHERE scope_id = $1
    AND ${cites("body::json->'source_refs'")})`;
  await sql.run(`DELETE FROM artifact_revision WHERE scope_id = $1 AND ${cites("source_refs::json")}`, [
    scopeId,
    sourceId,
  ]);
  const removed = await sql.run(`DELETE FROM artifact_candidate WHERE scope_id = $1 AND ${citing}`, [
    scopeId,
    sourceId,
  ]);
  await sql.run(`DELETE FROM artifact_candidate_version WHERE scope_id = $1 AND ${citing}`, [scopeId, sourceId]);
  await sql.run(RESTORE_ARTIFACT_HEADS.replace("SCOPE", "$1"), [scopeId]);
  return removed;
}
