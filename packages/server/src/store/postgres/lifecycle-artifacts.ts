// Experience and Skill artifacts through an export on PostgreSQL: reading their candidates and revisions a page at a
// time (a two-statement page runs in one snapshot, see postgres-store.ts), and writing them back inside the caller's
// transaction under the scope's lock (`exists` for what is already there, `conflict` for another revision in a
// revision's place).
import type { ExportArtifactCandidateLine, ExportArtifactRevisionLine } from "@powercontext/protocol";
import { ARTIFACT_REVISION_COLUMNS, type ArtifactRevisionRow } from "../artifact-rows.ts";
import {
  importedArtifactCandidateRow,
  importedArtifactCandidateVersionRows,
  importedArtifactRevisionValues,
  toArtifactCandidateLines,
  toArtifactRevisionLine,
  type ArtifactCandidateHeadRow,
  type ArtifactCandidateVersionRow,
  type ArtifactRevisionKey,
} from "../lifecycle-artifact-rows.ts";
import type { ImportResult, PageAfter } from "../types.ts";
import { lockScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

export async function readArtifactCandidatesAfter(
  sql: Sql,
  scopeId: string,
  page: PageAfter<string>,
): Promise<ExportArtifactCandidateLine[]> {
  const heads = await sql.rows<ArtifactCandidateHeadRow>(
    `SELECT candidate_id, body, created_at, updated_at FROM artifact_candidate
     WHERE scope_id = $1 AND candidate_id > $2 ORDER BY candidate_id LIMIT $3`,
    [scopeId, page.after, page.limit],
  );
  const last = heads.at(-1)?.candidate_id ?? page.after;
  const versions = await sql.rows<ArtifactCandidateVersionRow>(
    `SELECT candidate_id, body, created_at FROM artifact_candidate_version
     WHERE scope_id = $1 AND candidate_id > $2 AND candidate_id <= $3 ORDER BY candidate_id, version`,
    [scopeId, page.after, last],
  );
  return toArtifactCandidateLines(heads, versions);
}

export async function readArtifactRevisionsAfter(
  sql: Sql,
  scopeId: string,
  page: PageAfter<ArtifactRevisionKey>,
): Promise<ExportArtifactRevisionLine[]> {
  const { family, artifact_id, revision } = page.after;
  const rows = await sql.rows<ArtifactRevisionRow>(
    `SELECT ${ARTIFACT_REVISION_COLUMNS} FROM artifact_revision
     WHERE scope_id = $1 AND (family, artifact_id, revision) > ($2::text, $3::text, $4::integer)
     ORDER BY family, artifact_id, revision LIMIT $5`,
    [scopeId, family, artifact_id, revision, page.limit],
  );
  return rows.map(toArtifactRevisionLine);
}

export async function importArtifactCandidate(
  sql: Sql,
  scopeId: string,
  line: ExportArtifactCandidateLine,
): Promise<ImportResult> {
  await lockScope(sql, scopeId);
  const exists = await sql.row("SELECT 1 FROM artifact_candidate WHERE scope_id = $1 AND candidate_id = $2", [
    scopeId,
    line.candidate.candidate_id,
  ]);
  if (exists) return "exists";
  await sql.run(
    `INSERT INTO artifact_candidate (scope_id, candidate_id, version, family, status, body, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    importedArtifactCandidateRow(scopeId, line),
  );
  for (const row of importedArtifactCandidateVersionRows(scopeId, line)) {
    await sql.run(
      `INSERT INTO artifact_candidate_version (scope_id, candidate_id, version, body, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      row,
    );
  }
  return "created";
}

export async function importArtifactRevision(
  sql: Sql,
  scopeId: string,
  line: ExportArtifactRevisionLine,
): Promise<ImportResult> {
  await lockScope(sql, scopeId);
  const existing = await sql.row<{ candidate_id: string; created_at: string }>(
    `SELECT candidate_id, created_at FROM artifact_revision
     WHERE scope_id = $1 AND family = $2 AND artifact_id = $3 AND revision = $4`,
    [scopeId, line.family, line.artifact_id, line.revision],
  );
  if (existing) {
    const same = existing.candidate_id === line.candidate_id && existing.created_at === line.created_at;
    return same ? "exists" : "conflict";
  }
  await sql.run(
    `INSERT INTO artifact_revision (scope_id, ${ARTIFACT_REVISION_COLUMNS}, is_head)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false)`,
    importedArtifactRevisionValues(scopeId, line),
  );
  // Revisions may arrive in any order across re-runs: the head is whichever is highest once this one is in.
  await sql.run(
    `UPDATE artifact_revision SET is_head = (revision = (SELECT max(revision) FROM artifact_revision
       WHERE scope_id = $1 AND family = $2 AND artifact_id = $3))
     WHERE scope_id = $1 AND family = $2 AND artifact_id = $3`,
    [scopeId, line.family, line.artifact_id],
  );
  return "created";
}
