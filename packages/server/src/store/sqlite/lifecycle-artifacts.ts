// Experience and Skill artifacts through an export on SQLite: reading their candidates and revisions a page at a
// time, and writing them back inside the caller's write transaction (`exists` for what is already there, `conflict`
// for another revision in a revision's place).
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
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
import { readSnapshot } from "./database.ts";
import { stmt } from "./statements.ts";

export function readArtifactCandidatesAfter(
  db: DatabaseSync,
  scopeId: string,
  page: PageAfter<string>,
): ExportArtifactCandidateLine[] {
  return readSnapshot(db, () => {
    const heads = stmt(
      db,
      `SELECT candidate_id, body, created_at, updated_at FROM artifact_candidate
       WHERE scope_id = ? AND candidate_id > ? ORDER BY candidate_id LIMIT ?`,
    ).all(scopeId, page.after, page.limit) as unknown as ArtifactCandidateHeadRow[];
    const last = heads.at(-1)?.candidate_id ?? page.after;
    const versions = stmt(
      db,
      `SELECT candidate_id, body, created_at FROM artifact_candidate_version
       WHERE scope_id = ? AND candidate_id > ? AND candidate_id <= ? ORDER BY candidate_id, version`,
    ).all(scopeId, page.after, last) as unknown as ArtifactCandidateVersionRow[];
    return toArtifactCandidateLines(heads, versions);
  });
}

export function readArtifactRevisionsAfter(
  db: DatabaseSync,
  scopeId: string,
  page: PageAfter<ArtifactRevisionKey>,
): ExportArtifactRevisionLine[] {
  const { family, artifact_id, revision } = page.after;
  const rows = stmt(
    db,
    `SELECT ${ARTIFACT_REVISION_COLUMNS} FROM artifact_revision
     WHERE scope_id = ? AND (family, artifact_id, revision) > (?, ?, ?)
     ORDER BY family, artifact_id, revision LIMIT ?`,
  ).all(scopeId, family, artifact_id, revision, page.limit) as unknown as ArtifactRevisionRow[];
  return rows.map(toArtifactRevisionLine);
}

export function importArtifactCandidate(
  db: DatabaseSync,
  scopeId: string,
  line: ExportArtifactCandidateLine,
): ImportResult {
  const exists = stmt(db, "SELECT 1 AS found FROM artifact_candidate WHERE scope_id = ? AND candidate_id = ?").get(
    scopeId,
    line.candidate.candidate_id,
  );
  if (exists) return "exists";
  stmt(
    db,
    `INSERT INTO artifact_candidate (scope_id, candidate_id, version, family, status, body, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(...(importedArtifactCandidateRow(scopeId, line) as SQLInputValue[]));
  const insertVersion = stmt(
    db,
    "INSERT INTO artifact_candidate_version (scope_id, candidate_id, version, body, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  for (const row of importedArtifactCandidateVersionRows(scopeId, line)) {
    insertVersion.run(...(row as SQLInputValue[]));
  }
  return "created";
}

export function importArtifactRevision(
  db: DatabaseSync,
  scopeId: string,
  line: ExportArtifactRevisionLine,
): ImportResult {
  const existing = stmt(
    db,
    `SELECT candidate_id, created_at FROM artifact_revision
     WHERE scope_id = ? AND family = ? AND artifact_id = ? AND revision = ?`,
  ).get(scopeId, line.family, line.artifact_id, line.revision) as
    | { candidate_id: string; created_at: string }
    | undefined;
  if (existing) {
    const same = existing.candidate_id === line.candidate_id && existing.created_at === line.created_at;
    return same ? "exists" : "conflict";
  }
  stmt(
    db,
    `INSERT INTO artifact_revision (scope_id, ${ARTIFACT_REVISION_COLUMNS}, is_head)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  ).run(...(importedArtifactRevisionValues(scopeId, line) as SQLInputValue[]));
  // Revisions may arrive in any order across re-runs: the head is whichever is highest once this one is in.
  stmt(
    db,
    `UPDATE artifact_revision SET is_head = (revision = (SELECT max(revision) FROM artifact_revision
       WHERE scope_id = ?1 AND family = ?2 AND artifact_id = ?3))
     WHERE scope_id = ?1 AND family = ?2 AND artifact_id = ?3`,
  ).run(scopeId, line.family, line.artifact_id);
  return "created";
}
