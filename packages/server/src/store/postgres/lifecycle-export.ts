// Reading a scope out for an export on PostgreSQL, a page at a time; a page that takes two statements reads them in
// one snapshot (see postgres-store.ts).
import type {
  ExportCandidateLine,
  ExportCandidateVersion,
  ExportHandoffLine,
  ExportRevisionLine,
  ExportSourceLine,
} from "@powercontext/protocol";
import {
  EXPORT_CHANGE_QUERY,
  toCandidateLines,
  toExportSource,
  toRevisionLines,
  type ExportChangeRow,
} from "../lifecycle-rows.ts";
import type { CandidateRow, HandoffRow, SourceRow } from "../rows.ts";
import type { PageAfter, ScopeCursors } from "../types.ts";
import type { Sql } from "./sql.ts";

export async function readScopeCursors(sql: Sql, scopeId: string): Promise<ScopeCursors | null> {
  const row = await sql.row<{ memory_cursor: number | null; handoff_cursor: number | null; handoffs: boolean }>(
    `SELECT (SELECT memory_cursor FROM scope_state WHERE scope_id = $1) AS memory_cursor,
            (SELECT position FROM handoff_cursor WHERE scope_id = $1) AS handoff_cursor,
            EXISTS (SELECT 1 FROM handoff_revision WHERE scope_id = $1) AS handoffs`,
    [scopeId],
  );
  if (!row || (row.memory_cursor === null && row.handoff_cursor === null && !row.handoffs)) return null;
  return { memory_cursor: row.memory_cursor ?? 0, handoff_cursor: row.handoff_cursor ?? 0 };
}

export async function readSourcesAfter(
  sql: Sql,
  scopeId: string,
  page: PageAfter<number>,
): Promise<ExportSourceLine[]> {
  const rows = await sql.rows<SourceRow & { payload_digest: string; redaction_count: number }>(
    `SELECT scope_id, source_id, position, content, metadata, payload_digest, redaction_count, captured_at
     FROM source WHERE scope_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
    [scopeId, page.after, page.limit],
  );
  return rows.map(toExportSource);
}

export async function readRevisionsAfter(
  sql: Sql,
  scopeId: string,
  page: PageAfter<number>,
): Promise<ExportRevisionLine[]> {
  const revisions = await sql.rows<{ revision: number; created_at: string }>(
    "SELECT revision, created_at FROM memory_revision WHERE scope_id = $1 AND revision > $2 ORDER BY revision LIMIT $3",
    [scopeId, page.after, page.limit],
  );
  const last = revisions.at(-1)?.revision ?? page.after;
  const changes = await sql.rows<ExportChangeRow>(
    `${EXPORT_CHANGE_QUERY} WHERE c.scope_id = $1 AND c.revision > $2 AND c.revision <= $3 ORDER BY c.revision, h.key`,
    [scopeId, page.after, last],
  );
  return toRevisionLines(revisions, changes);
}

export async function readCandidatesAfter(
  sql: Sql,
  scopeId: string,
  page: PageAfter<string>,
): Promise<ExportCandidateLine[]> {
  const rows = await sql.rows<CandidateRow>(
    `SELECT candidate_id, version, status, kind, text, confidence, extractor, source_refs, reviewer, decision_reason,
       result, created_at, updated_at
     FROM memory_candidate WHERE scope_id = $1 AND candidate_id > $2 ORDER BY candidate_id LIMIT $3`,
    [scopeId, page.after, page.limit],
  );
  const last = rows.at(-1)?.candidate_id ?? page.after;
  const versions = await sql.rows<ExportCandidateVersion & { candidate_id: string }>(
    `SELECT candidate_id, version, kind, text, reason, created_at FROM candidate_version
     WHERE scope_id = $1 AND candidate_id > $2 AND candidate_id <= $3 ORDER BY candidate_id, version`,
    [scopeId, page.after, last],
  );
  return toCandidateLines(rows, versions);
}

export async function readHandoffsAfter(
  sql: Sql,
  scopeId: string,
  page: PageAfter<number>,
): Promise<ExportHandoffLine[]> {
  const rows = await sql.rows<HandoffRow>(
    `SELECT revision, content, content_key, committed_at FROM handoff_revision
     WHERE scope_id = $1 AND revision > $2 ORDER BY revision LIMIT $3`,
    [scopeId, page.after, page.limit],
  );
  return rows.map(({ revision, content, committed_at }) => ({ type: "handoff", revision, content, committed_at }));
}
