// Reading a scope out for an export on SQLite, a page at a time; each page is one read snapshot.
import type { DatabaseSync } from "node:sqlite";
import type {
  ExportCandidateLine,
  ExportHandoffLine,
  ExportRevisionLine,
  ExportSourceLine,
} from "@powercontext/protocol";
import { EXPORT_CHANGE_QUERY, toCandidateLines, toExportSource, toRevisionLines } from "../lifecycle-rows.ts";
import type { ExportCandidateVersion } from "@powercontext/protocol";
import type { PageAfter, ScopeCursors } from "../types.ts";
import { readSnapshot } from "./database.ts";
import {
  decodeCandidate,
  decodeHandoff,
  decodeSource,
  type StoredCandidateRow,
  type StoredHandoffRow,
  type StoredSourceRow,
} from "./rows.ts";
import { stmt } from "./statements.ts";

export function readScopeCursors(db: DatabaseSync, scopeId: string): ScopeCursors | null {
  const scope = stmt(db, "SELECT memory_cursor FROM scope_state WHERE scope_id = ?").get(scopeId) as
    | { memory_cursor: number }
    | undefined;
  const cursor = stmt(db, "SELECT position FROM handoff_cursor WHERE scope_id = ?").get(scopeId) as
    | { position: number }
    | undefined;
  const handoff = stmt(db, "SELECT 1 AS found FROM handoff_revision WHERE scope_id = ? LIMIT 1").get(scopeId);
  if (!scope && !cursor && !handoff) return null;
  return { memory_cursor: scope?.memory_cursor ?? 0, handoff_cursor: cursor?.position ?? 0 };
}

export function readSourcesAfter(db: DatabaseSync, scopeId: string, page: PageAfter<number>): ExportSourceLine[] {
  const rows = stmt(db, "SELECT * FROM source WHERE scope_id = ? AND position > ? ORDER BY position LIMIT ?").all(
    scopeId,
    page.after,
    page.limit,
  ) as unknown as StoredSourceRow[];
  return rows.map((row) =>
    toExportSource({ ...decodeSource(row), payload_digest: row.payload_digest, redaction_count: row.redaction_count }),
  );
}

export function readRevisionsAfter(db: DatabaseSync, scopeId: string, page: PageAfter<number>): ExportRevisionLine[] {
  return readSnapshot(db, () => {
    const revisions = stmt(
      db,
      "SELECT revision, created_at FROM memory_revision WHERE scope_id = ? AND revision > ? ORDER BY revision LIMIT ?",
    ).all(scopeId, page.after, page.limit) as unknown as Array<{ revision: number; created_at: string }>;
    const last = revisions.at(-1)?.revision ?? page.after;
    const changes = stmt(
      db,
      `${EXPORT_CHANGE_QUERY} WHERE c.scope_id = ? AND c.revision > ? AND c.revision <= ? ORDER BY c.revision, h.key`,
    ).all(scopeId, page.after, last) as unknown as Array<Record<string, unknown>>;
    return toRevisionLines(
      revisions,
      changes.map((row) => ({
        ...(row as never as Parameters<typeof toRevisionLines>[1][number]),
        source_refs: row.source_refs === null ? null : JSON.parse(row.source_refs as string),
        artifact_refs: row.artifact_refs === null ? null : JSON.parse(row.artifact_refs as string),
      })),
    );
  });
}

export function readCandidatesAfter(db: DatabaseSync, scopeId: string, page: PageAfter<string>): ExportCandidateLine[] {
  return readSnapshot(db, () => {
    const rows = stmt(
      db,
      "SELECT * FROM memory_candidate WHERE scope_id = ? AND candidate_id > ? ORDER BY candidate_id LIMIT ?",
    ).all(scopeId, page.after, page.limit) as unknown as StoredCandidateRow[];
    const last = rows.at(-1)?.candidate_id ?? page.after;
    const versions = stmt(
      db,
      `SELECT candidate_id, version, kind, text, reason, created_at FROM candidate_version
       WHERE scope_id = ? AND candidate_id > ? AND candidate_id <= ? ORDER BY candidate_id, version`,
    ).all(scopeId, page.after, last) as unknown as Array<ExportCandidateVersion & { candidate_id: string }>;
    return toCandidateLines(rows.map(decodeCandidate), versions);
  });
}

export function readHandoffsAfter(db: DatabaseSync, scopeId: string, page: PageAfter<number>): ExportHandoffLine[] {
  const rows = stmt(
    db,
    "SELECT * FROM handoff_revision WHERE scope_id = ? AND revision > ? ORDER BY revision LIMIT ?",
  ).all(scopeId, page.after, page.limit) as unknown as StoredHandoffRow[];
  return rows.map((row) => {
    const { revision, content, committed_at } = decodeHandoff(row);
    return { type: "handoff", revision, content, committed_at };
  });
}
