// What both adapters share for exports and imports: the rows an export reads turned into export lines, and the values
// an import writes. The adapters run their own statements with these.
import type {
  ArtifactReference,
  ExportCandidateLine,
  ExportCandidateVersion,
  ExportRevisionLine,
  ExportSourceLine,
  SourceReference,
} from "@powercontext/protocol";
import { toCandidate, type CandidateRow, type SourceRow } from "./rows.ts";
import type { ImportResult } from "./types.ts";

type ExportChange = ExportRevisionLine["changes"][number];

/** An entry_change row joined with the entry_version row it wrote (null columns for a deactivation). */
export interface ExportChangeRow {
  revision: number;
  op: string;
  entry_id: string;
  from_version_id: string | null;
  to_version_id: string | null;
  reason: string | null;
  version: number | null;
  kind: string | null;
  text: string | null;
  search_text: string | null;
  fingerprint: string | null;
  source_refs: SourceReference[] | null;
  artifact_refs: ArtifactReference[] | null;
}

/**
 * The SELECT list and joins of an export's change rows: each change with the version it wrote, ordered within a
 * revision by the key of its entry's head, which is the order the heads were created in.
 */
export const EXPORT_CHANGE_QUERY = `
  SELECT c.revision, c.op, c.entry_id, c.from_version_id, c.to_version_id, c.reason, v.version, v.kind, v.text,
         v.search_text, v.fingerprint, v.source_refs, v.artifact_refs
  FROM entry_change c
  LEFT JOIN entry_version v ON v.entry_version_id = c.to_version_id
  LEFT JOIN entry_head h ON h.scope_id = c.scope_id AND h.entry_id = c.entry_id`;

export function toExportSource(row: SourceRow & { payload_digest: string; redaction_count: number }): ExportSourceLine {
  return {
    type: "source",
    position: row.position,
    source_id: row.source_id,
    content: row.content,
    metadata: row.metadata,
    payload_digest: row.payload_digest,
    redaction_count: row.redaction_count,
    captured_at: row.captured_at,
  };
}

/** The revisions' lines, each holding its change rows (which come in revision order). */
export function toRevisionLines(
  revisions: ReadonlyArray<{ revision: number; created_at: string }>,
  changes: readonly ExportChangeRow[],
): ExportRevisionLine[] {
  const byRevision = new Map<number, ExportChange[]>();
  for (const row of changes) byRevision.set(row.revision, [...(byRevision.get(row.revision) ?? []), toChange(row)]);
  return revisions.map((row) => ({
    type: "revision",
    revision: row.revision,
    created_at: row.created_at,
    changes: byRevision.get(row.revision) ?? [],
  }));
}

function toChange(row: ExportChangeRow): ExportChange {
  if (row.op === "deactivate") {
    return {
      op: "deactivate",
      entry_id: row.entry_id,
      entry_version_id: row.from_version_id ?? "",
      reason: row.reason,
    };
  }
  const entry = {
    entry_id: row.entry_id,
    entry_version_id: row.to_version_id ?? "",
    kind: row.kind ?? "",
    text: row.text ?? "",
    search_text: row.search_text ?? "",
    fingerprint: row.fingerprint ?? "",
    source_refs: row.source_refs ?? [],
    artifact_refs: row.artifact_refs ?? [],
  };
  if (row.op === "revise") {
    return {
      op: "revise",
      from_entry_version_id: row.from_version_id ?? "",
      entry,
      version: row.version ?? 1,
      reason: row.reason,
    };
  }
  return { op: "add", entry, reason: row.reason };
}

/** The candidates' lines, each with its versions (which come ordered by candidate, then version). */
export function toCandidateLines(
  candidates: readonly CandidateRow[],
  versions: ReadonlyArray<ExportCandidateVersion & { candidate_id: string }>,
): ExportCandidateLine[] {
  const byCandidate = new Map<string, ExportCandidateVersion[]>();
  for (const { candidate_id, ...version } of versions) {
    byCandidate.set(candidate_id, [...(byCandidate.get(candidate_id) ?? []), version]);
  }
  return candidates.map((row) => ({
    type: "candidate",
    candidate: toCandidate(row),
    versions: byCandidate.get(row.candidate_id) ?? [],
  }));
}

/** The 14 values of an imported candidate's memory_candidate row, in the table's column order. */
export function importedCandidateRow(scopeId: string, line: ExportCandidateLine): unknown[] {
  const { candidate } = line;
  return [
    scopeId,
    candidate.candidate_id,
    candidate.version,
    candidate.status,
    candidate.proposal.kind,
    candidate.proposal.text,
    candidate.confidence,
    candidate.extractor,
    JSON.stringify(candidate.source_refs),
    candidate.reviewer,
    candidate.decision_reason,
    candidate.result === null ? null : JSON.stringify(candidate.result),
    candidate.created_at,
    candidate.updated_at,
  ];
}

export const CANDIDATE_COLUMNS =
  "scope_id, candidate_id, version, status, kind, text, confidence, extractor, source_refs, reviewer, decision_reason, result, created_at, updated_at";

/** The seven values of each imported candidate_version row. */
export function importedCandidateVersionRows(scopeId: string, line: ExportCandidateLine): unknown[][] {
  return line.versions.map((version) => [
    scopeId,
    line.candidate.candidate_id,
    version.version,
    version.kind,
    version.text,
    version.reason,
    version.created_at,
  ]);
}

/** Runs `write` on each line in order until one is refused: one result per line tried. */
export function untilConflict<Line>(lines: readonly Line[], write: (line: Line) => ImportResult): ImportResult[] {
  const results: ImportResult[] = [];
  for (const line of lines) {
    const result = write(line);
    results.push(result);
    if (result === "conflict") break;
  }
  return results;
}

/** untilConflict for writes that are asynchronous (one after the other, on one connection). */
export async function untilConflictAsync<Line>(
  lines: readonly Line[],
  write: (line: Line) => Promise<ImportResult>,
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const line of lines) {
    const result = await write(line);
    results.push(result);
    if (result === "conflict") break;
  }
  return results;
}
