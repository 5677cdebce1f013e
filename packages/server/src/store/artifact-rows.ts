// Experience and Skill rows as both adapters store them: a candidate and each proposal version as their wire JSON, an
// artifact revision with its content and lineage as JSON text, and the Experience recall match both engines share.
import type { ArtifactCandidate, ArtifactProposal, ArtifactReference, SourceReference } from "@powercontext/protocol";
import type { ArtifactCandidatePage, ArtifactRevision, CandidateFamily, ExperienceHit } from "./types.ts";

export interface ArtifactRevisionRow {
  family: string;
  artifact_id: string;
  revision: number;
  content: string;
  source_refs: string;
  artifact_refs: string;
  candidate_id: string;
  search_text: string | null;
  created_at: string;
}

export const ARTIFACT_REVISION_COLUMNS =
  "family, artifact_id, revision, content, source_refs, artifact_refs, candidate_id, search_text, created_at";

export function toArtifactRevision(row: ArtifactRevisionRow): ArtifactRevision {
  return {
    artifact: { family: row.family as CandidateFamily, artifact_id: row.artifact_id, revision: Number(row.revision) },
    content: JSON.parse(row.content) as ArtifactProposal,
    source_refs: JSON.parse(row.source_refs) as SourceReference[],
    artifact_refs: JSON.parse(row.artifact_refs) as ArtifactReference[],
    candidate_id: row.candidate_id,
    created_at: row.created_at,
  };
}

/** The values of an artifact_revision insert, in ARTIFACT_REVISION_COLUMNS order after the scope. */
export function artifactRevisionValues(
  scopeId: string,
  revision: ArtifactRevision,
  searchText: string | null,
): unknown[] {
  const { artifact } = revision;
  return [
    scopeId,
    artifact.family,
    artifact.artifact_id,
    artifact.revision,
    JSON.stringify(revision.content),
    JSON.stringify(revision.source_refs),
    JSON.stringify(revision.artifact_refs),
    revision.candidate_id,
    searchText,
    revision.created_at,
  ];
}

export function toArtifactCandidatePage(bodies: readonly string[], limit: number): ArtifactCandidatePage {
  const candidates = bodies.slice(0, limit).map((body) => JSON.parse(body) as ArtifactCandidate);
  const more = bodies.length > limit;
  return { candidates, next_cursor: more ? (candidates.at(-1)?.candidate_id ?? null) : null };
}

/** How many Experience heads recall reads per scope before matching; recall wants the few best, not all. */
export const EXPERIENCE_SCAN_LIMIT = 500;

/** The heads holding at least one term, most matched terms first, then newest (highest created_at), at most `limit`. */
export function matchExperiences(
  rows: readonly ArtifactRevisionRow[],
  terms: readonly string[],
  limit: number,
): ExperienceHit[] {
  const wanted = new Set(terms);
  const hits: ExperienceHit[] = [];
  for (const row of rows) {
    const words = new Set((row.search_text ?? "").split(" "));
    let matched = 0;
    for (const term of wanted) if (words.has(term)) matched += 1;
    if (matched > 0) hits.push({ revision: toArtifactRevision(row), matched_terms: matched });
  }
  hits.sort(
    (a, b) =>
      b.matched_terms - a.matched_terms ||
      (a.revision.created_at < b.revision.created_at ? 1 : a.revision.created_at > b.revision.created_at ? -1 : 0),
  );
  return hits.slice(0, limit);
}

/**
 * Marks the highest remaining revision of each of a scope's artifacts as its head, after a purge removed revisions
 * (perhaps a head): the head recall reads is then the one getArtifactHead names, and the one an import restores.
 * `SCOPE` stands for the engine's placeholder.
 */
export const RESTORE_ARTIFACT_HEADS = `UPDATE artifact_revision SET is_head = (revision = (SELECT max(r.revision)
  FROM artifact_revision r WHERE r.scope_id = artifact_revision.scope_id AND r.family = artifact_revision.family
  AND r.artifact_id = artifact_revision.artifact_id)) WHERE scope_id = SCOPE`;
