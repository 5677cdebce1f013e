// Writing an export's lines back on SQLite, each inside the caller's write transaction: what is already there is
// left alone (`exists`), what would take another thing's place is refused (`conflict`).
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type {
  ExportCandidateLine,
  ExportHandoffLine,
  ExportRevisionLine,
  ExportSourceLine,
} from "@powercontext/protocol";
import { CANDIDATE_COLUMNS, importedCandidateRow, importedCandidateVersionRows } from "../lifecycle-rows.ts";
import type { ImportResult } from "../types.ts";
import { writeRevision } from "./memory-revision.ts";
import { ensureScope } from "./scope-state.ts";
import { stmt } from "./statements.ts";

export function importSource(db: DatabaseSync, scopeId: string, line: ExportSourceLine): ImportResult {
  const existing = stmt(db, "SELECT position, payload_digest FROM source WHERE scope_id = ? AND source_id = ?").get(
    scopeId,
    line.source_id,
  ) as { position: number; payload_digest: string } | undefined;
  if (existing) {
    const same = existing.position === line.position && existing.payload_digest === line.payload_digest;
    return same ? "exists" : "conflict";
  }
  if (stmt(db, "SELECT 1 AS taken FROM source WHERE scope_id = ? AND position = ?").get(scopeId, line.position)) {
    return "conflict";
  }
  const scope = ensureScope(db, scopeId);
  stmt(
    db,
    `INSERT INTO source (scope_id, position, source_id, content, metadata, payload_digest, redaction_count, captured_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    scopeId,
    line.position,
    line.source_id,
    line.content,
    JSON.stringify(line.metadata),
    line.payload_digest,
    line.redaction_count,
    line.captured_at,
  );
  if (line.position > scope.high_watermark) {
    stmt(db, "UPDATE scope_state SET high_watermark = ? WHERE scope_id = ?").run(line.position, scopeId);
  }
  return "created";
}

export function importRevision(db: DatabaseSync, scopeId: string, line: ExportRevisionLine): ImportResult {
  const scope = ensureScope(db, scopeId);
  if (scope.memory_revision >= line.revision) {
    const stored = stmt(db, "SELECT created_at FROM memory_revision WHERE scope_id = ? AND revision = ?").get(
      scopeId,
      line.revision,
    ) as { created_at: string } | undefined;
    return stored?.created_at === line.created_at ? "exists" : "conflict";
  }
  if (scope.memory_revision !== line.revision - 1) return "conflict";
  writeRevision(db, scope, line.changes, line.created_at);
  return "created";
}

export function importCandidate(db: DatabaseSync, scopeId: string, line: ExportCandidateLine): ImportResult {
  const exists = stmt(db, "SELECT 1 AS found FROM memory_candidate WHERE scope_id = ? AND candidate_id = ?").get(
    scopeId,
    line.candidate.candidate_id,
  );
  if (exists) return "exists";
  stmt(db, `INSERT INTO memory_candidate (${CANDIDATE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    ...(importedCandidateRow(scopeId, line) as SQLInputValue[]),
  );
  const insertVersion = stmt(
    db,
    `INSERT INTO candidate_version (scope_id, candidate_id, version, kind, text, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of importedCandidateVersionRows(scopeId, line)) insertVersion.run(...(row as SQLInputValue[]));
  return "created";
}

export function importHandoff(
  db: DatabaseSync,
  scopeId: string,
  line: ExportHandoffLine,
  contentKey: string,
): ImportResult {
  const existing = stmt(db, "SELECT content_key FROM handoff_revision WHERE scope_id = ? AND revision = ?").get(
    scopeId,
    line.revision,
  ) as { content_key: string } | undefined;
  if (existing) return existing.content_key === contentKey ? "exists" : "conflict";
  stmt(
    db,
    "INSERT INTO handoff_revision (scope_id, revision, content, content_key, committed_at) VALUES (?, ?, ?, ?, ?)",
  ).run(scopeId, line.revision, JSON.stringify(line.content), contentKey, line.committed_at);
  return "created";
}
