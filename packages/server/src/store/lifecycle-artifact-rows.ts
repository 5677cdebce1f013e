// What both adapters share to carry Experience and Skill artifacts through an export: their rows turned into export
// lines, and the values an import writes back. The adapters run their own statements with these.
import type {
  ArtifactCandidate,
  ExportArtifactCandidateLine,
  ExportArtifactRevisionLine,
} from "@powercontext/protocol";
import { artifactRevisionValues, toArtifactRevision, type ArtifactRevisionRow } from "./artifact-rows.ts";

/** Where a page of artifact revisions starts: after this revision, in (family, artifact_id, revision) order. */
export interface ArtifactRevisionKey {
  family: string;
  artifact_id: string;
  revision: number;
}

export interface ArtifactCandidateHeadRow {
  candidate_id: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface ArtifactCandidateVersionRow {
  candidate_id: string;
  body: string;
  created_at: string;
}

/** The candidates' lines, each with its versions (which come ordered by candidate, then version). */
export function toArtifactCandidateLines(
  heads: readonly ArtifactCandidateHeadRow[],
  versions: readonly ArtifactCandidateVersionRow[],
): ExportArtifactCandidateLine[] {
  const byCandidate = new Map<string, ExportArtifactCandidateLine["versions"]>();
  for (const row of versions) {
    const version = { candidate: JSON.parse(row.body) as ArtifactCandidate, created_at: row.created_at };
    byCandidate.set(row.candidate_id, [...(byCandidate.get(row.candidate_id) ?? []), version]);
  }
  return heads.map((row) => ({
    type: "artifact_candidate",
    candidate: JSON.parse(row.body) as ArtifactCandidate,
    created_at: row.created_at,
    updated_at: row.updated_at,
    versions: byCandidate.get(row.candidate_id) ?? [],
  }));
}

export function toArtifactRevisionLine(row: ArtifactRevisionRow): ExportArtifactRevisionLine {
  const revision = toArtifactRevision(row);
  return {
    type: "artifact_revision",
    ...revision.artifact,
    content: revision.content,
    source_refs: revision.source_refs,
    artifact_refs: revision.artifact_refs,
    candidate_id: revision.candidate_id,
    search_text: row.search_text,
    created_at: revision.created_at,
  };
}

/** The values of an imported artifact_candidate row: scope, id, version, family, status, body, created, updated. */
export function importedArtifactCandidateRow(scopeId: string, line: ExportArtifactCandidateLine): unknown[] {
  const { candidate } = line;
  return [
    scopeId,
    candidate.candidate_id,
    candidate.version,
    candidate.family,
    candidate.status,
    JSON.stringify(candidate),
    line.created_at,
    line.updated_at,
  ];
}

/** The values of each imported artifact_candidate_version row: scope, id, version, body, created_at. */
export function importedArtifactCandidateVersionRows(scopeId: string, line: ExportArtifactCandidateLine): unknown[][] {
  return line.versions.map((version) => [
    scopeId,
    line.candidate.candidate_id,
    version.candidate.version,
    JSON.stringify(version.candidate),
    version.created_at,
  ]);
}

/** The values of an imported artifact_revision row, in ARTIFACT_REVISION_COLUMNS order after the scope. */
export function importedArtifactRevisionValues(scopeId: string, line: ExportArtifactRevisionLine): unknown[] {
  const artifact = { family: line.family, artifact_id: line.artifact_id, revision: line.revision };
  return artifactRevisionValues(scopeId, { ...line, artifact }, line.search_text);
}
