// Writing an export's lines back on PostgreSQL, each inside the caller's write transaction, which locks the scope's
// row first: what is already there is left alone (`exists`), what would take another thing's place is refused
// (`conflict`).
import type {
  ExportCandidateLine,
  ExportHandoffLine,
  ExportRevisionLine,
  ExportSourceLine,
} from "@powercontext/protocol";
import { CANDIDATE_COLUMNS, importedCandidateRow, importedCandidateVersionRows } from "../lifecycle-rows.ts";
import type { ImportResult } from "../types.ts";
import { writeRevision } from "./memory-revision.ts";
import { lockScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

export async function importSource(sql: Sql, scopeId: string, line: ExportSourceLine): Promise<ImportResult> {
  const scope = await lockScope(sql, scopeId);
  const existing = await sql.row<{ position: number; payload_digest: string }>(
    "SELECT position, payload_digest FROM source WHERE scope_id = $1 AND source_id = $2",
    [scopeId, line.source_id],
  );
  if (existing) {
    const same = existing.position === line.position && existing.payload_digest === line.payload_digest;
    return same ? "exists" : "conflict";
  }
  if (await sql.row("SELECT 1 FROM source WHERE scope_id = $1 AND position = $2", [scopeId, line.position])) {
    return "conflict";
  }
  await sql.run(
    `INSERT INTO source (scope_id, position, source_id, content, metadata, payload_digest, redaction_count, captured_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      scopeId,
      line.position,
      line.source_id,
      line.content,
      JSON.stringify(line.metadata),
      line.payload_digest,
      line.redaction_count,
      line.captured_at,
    ],
  );
  await sql.run("UPDATE scope_state SET high_watermark = greatest(high_watermark, $2) WHERE scope_id = $1", [
    scope.scope_id,
    line.position,
  ]);
  return "created";
}

export async function importRevision(sql: Sql, scopeId: string, line: ExportRevisionLine): Promise<ImportResult> {
  const scope = await lockScope(sql, scopeId);
  if (scope.memory_revision >= line.revision) {
    const stored = await sql.row<{ created_at: string }>(
      "SELECT created_at FROM memory_revision WHERE scope_id = $1 AND revision = $2",
      [scopeId, line.revision],
    );
    return stored?.created_at === line.created_at ? "exists" : "conflict";
  }
  if (scope.memory_revision !== line.revision - 1) return "conflict";
  await writeRevision(sql, scope, line.changes, line.created_at);
  return "created";
}

export async function importCandidate(sql: Sql, scopeId: string, line: ExportCandidateLine): Promise<ImportResult> {
  await lockScope(sql, scopeId);
  const exists = await sql.row("SELECT 1 FROM memory_candidate WHERE scope_id = $1 AND candidate_id = $2", [
    scopeId,
    line.candidate.candidate_id,
  ]);
  if (exists) return "exists";
  await sql.run(
    `INSERT INTO memory_candidate (${CANDIDATE_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    importedCandidateRow(scopeId, line),
  );
  for (const row of importedCandidateVersionRows(scopeId, line)) {
    await sql.run(
      `INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      row,
    );
  }
  return "created";
}

export async function importHandoff(
  sql: Sql,
  scopeId: string,
  line: ExportHandoffLine,
  contentKey: string,
): Promise<ImportResult> {
  await lockScope(sql, scopeId);
  const existing = await sql.row<{ content_key: string }>(
    "SELECT content_key FROM handoff_revision WHERE scope_id = $1 AND revision = $2",
    [scopeId, line.revision],
  );
  if (existing) return existing.content_key === contentKey ? "exists" : "conflict";
  await sql.run(
    "INSERT INTO handoff_revision (scope_id, revision, content, content_key, committed_at) VALUES ($1, $2, $3, $4, $5)",
    [scopeId, line.revision, JSON.stringify(line.content), contentKey, line.committed_at],
  );
  return "created";
}
