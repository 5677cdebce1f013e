// Purging on SQLite. Each purge deletes inside the caller's write transaction and writes its audit record; then
// `compact` rewrites the files: the full-text index is merged (FTS5 keeps a deleted row's terms in its old segments
// until a merge), VACUUM rebuilds the database file without the freed pages, and a TRUNCATE checkpoint empties the
// write-ahead log, whose frames still held the deleted rows.
import type { DatabaseSync } from "node:sqlite";
import type { PurgeCounts, PurgeTarget } from "@powercontext/protocol";
import { jsonStringOf, noneRemoved, toPurgeAudit } from "../purge-audit.ts";
import type { PurgeOutcome } from "../types.ts";
import { purgeArtifactsCitingSource } from "./artifacts.ts";
import { forgetEntryOrigins, forgetSourceOrigins } from "./origin-index.ts";
import { stmt } from "./statements.ts";

/** What a purge deleted, before the files are compacted. */
export type PurgeDeletion = Omit<Extract<PurgeOutcome, { status: "purged" }>, "compacted"> | null;

const CANDIDATES_CITING_SOURCE = `candidate_id IN (SELECT candidate_id FROM memory_candidate WHERE scope_id = ?1 AND
  EXISTS (SELECT 1 FROM json_each(source_refs) WHERE json_extract(value, '$.source_id') = ?2))`;

export function purgeSource(db: DatabaseSync, scopeId: string, sourceId: string, now: string): PurgeDeletion {
  const removed = noneRemoved();
  forgetSourceOrigins(db, scopeId, sourceId);
  removed.sources = stmt(db, "DELETE FROM source WHERE scope_id = ? AND source_id = ?").run(scopeId, sourceId)
    .changes as number;
  if (removed.sources === 0) return null;
  stmt(db, `DELETE FROM candidate_version WHERE scope_id = ?1 AND ${CANDIDATES_CITING_SOURCE}`).run(scopeId, sourceId);
  removed.candidates = stmt(db, `DELETE FROM memory_candidate WHERE scope_id = ?1 AND ${CANDIDATES_CITING_SOURCE}`).run(
    scopeId,
    sourceId,
  ).changes as number;
  removed.candidates += purgeArtifactsCitingSource(db, scopeId, sourceId);
  removed.handoff_revisions = deleteHandoffsCiting(db, scopeId, sourceId);
  const citing = stmt(
    db,
    `SELECT DISTINCT entry_id FROM entry_version WHERE scope_id = ?1 AND
       EXISTS (SELECT 1 FROM json_each(source_refs) WHERE json_extract(value, '$.source_id') = ?2) ORDER BY entry_id`,
  ).all(scopeId, sourceId) as unknown as Array<{ entry_id: string }>;
  const audit = writeAudit(db, scopeId, "source", sourceId, now, removed);
  return { status: "purged", audit, entries_citing_source: citing.map((row) => row.entry_id) };
}

export function purgeEntry(db: DatabaseSync, scopeId: string, entryId: string, now: string): PurgeDeletion {
  const head = stmt(db, "SELECT key FROM entry_head WHERE scope_id = ? AND entry_id = ?").get(scopeId, entryId) as
    | { key: number }
    | undefined;
  if (!head) return null;
  const removed = noneRemoved();
  stmt(db, "DELETE FROM entry_fts WHERE rowid = ?").run(head.key);
  forgetEntryOrigins(db, scopeId, entryId);
  stmt(
    db,
    `DELETE FROM entry_vector WHERE entry_version_id IN
       (SELECT entry_version_id FROM entry_version WHERE scope_id = ? AND entry_id = ?)`,
  ).run(scopeId, entryId);
  removed.entry_versions = stmt(db, "DELETE FROM entry_version WHERE scope_id = ? AND entry_id = ?").run(
    scopeId,
    entryId,
  ).changes as number;
  stmt(db, "DELETE FROM entry_change WHERE scope_id = ? AND entry_id = ?").run(scopeId, entryId);
  removed.entries = stmt(db, "DELETE FROM entry_head WHERE key = ?").run(head.key).changes as number;
  const proposing = `candidate_id IN (SELECT candidate_id FROM memory_candidate WHERE scope_id = ?1 AND
    json_extract(result, '$.entry_id') = ?2)`;
  stmt(db, `DELETE FROM candidate_version WHERE scope_id = ?1 AND ${proposing}`).run(scopeId, entryId);
  removed.candidates = stmt(db, `DELETE FROM memory_candidate WHERE scope_id = ?1 AND ${proposing}`).run(
    scopeId,
    entryId,
  ).changes as number;
  removed.handoff_revisions = deleteHandoffsCiting(db, scopeId, entryId);
  const audit = writeAudit(db, scopeId, "entry", entryId, now, removed);
  return { status: "purged", audit, entries_citing_source: [] };
}

/** Every table keyed by scope, emptied of the scope's rows; the search rows first, while the heads still name them. */
export function purgeScope(db: DatabaseSync, scopeId: string, now: string): PurgeDeletion {
  const known = stmt(db, "SELECT 1 AS found FROM scope_state WHERE scope_id = ?").get(scopeId);
  const handoffs = stmt(db, "SELECT 1 AS found FROM handoff_revision WHERE scope_id = ? LIMIT 1").get(scopeId);
  if (!known && !handoffs) return null;
  stmt(db, "DELETE FROM entry_fts WHERE rowid IN (SELECT key FROM entry_head WHERE scope_id = ?)").run(scopeId);
  const removed = noneRemoved();
  const deleteAll = (table: string): number =>
    stmt(db, `DELETE FROM ${table} WHERE scope_id = ?`).run(scopeId).changes as number;
  removed.sources = deleteAll("source");
  removed.entry_versions = deleteAll("entry_version");
  removed.entries = deleteAll("entry_head");
  removed.candidates = deleteAll("memory_candidate") + deleteAll("artifact_candidate");
  removed.handoff_revisions = deleteAll("handoff_revision");
  for (const table of [
    "entry_vector",
    "entry_origin",
    "entry_change",
    "memory_revision",
    "candidate_version",
    "handoff_cursor",
    "recall_daily",
    "model_usage_daily",
    "scope_state",
    "artifact_candidate_version",
    "artifact_revision",
    // The scope's Handoff Report Workstream: its descriptor names the scope and what the scope is about.
    "report_workstream",
  ]) {
    deleteAll(table);
  }
  const audit = writeAudit(db, scopeId, "scope", scopeId, now, removed);
  return { status: "purged", audit, entries_citing_source: [] };
}

function deleteHandoffsCiting(db: DatabaseSync, scopeId: string, id: string): number {
  return stmt(db, "DELETE FROM handoff_revision WHERE scope_id = ? AND instr(content, ?) > 0").run(
    scopeId,
    jsonStringOf(id),
  ).changes as number;
}

function writeAudit(
  db: DatabaseSync,
  scopeId: string,
  target: PurgeTarget,
  targetId: string,
  now: string,
  removed: PurgeCounts,
) {
  const inserted = stmt(
    db,
    "INSERT INTO purge_audit (scope_id, target, target_id, purged_at, removed) VALUES (?, ?, ?, ?, ?)",
  ).run(scopeId, target, targetId, now, JSON.stringify(removed));
  const audit_id = Number(inserted.lastInsertRowid);
  return toPurgeAudit(scopeId, { audit_id, target, target_id: targetId, purged_at: now, removed });
}

export function listPurges(db: DatabaseSync, scopeId: string) {
  const rows = stmt(
    db,
    "SELECT audit_id, target, target_id, purged_at, removed FROM purge_audit WHERE scope_id = ? ORDER BY audit_id",
  ).all(scopeId) as unknown as Array<{
    audit_id: number;
    target: string;
    target_id: string;
    purged_at: string;
    removed: string;
  }>;
  return rows.map((row) => toPurgeAudit(scopeId, { ...row, removed: JSON.parse(row.removed) as PurgeCounts }));
}

const CHECKPOINT_ATTEMPTS = 5;

/**
 * Rewrites the database so that deleted rows leave no bytes behind; outside any transaction. Returns false when the
 * write-ahead log could not be emptied because another connection was reading (the next purge tries again).
 */
export function compact(db: DatabaseSync, inMemory: boolean): boolean {
  db.exec("INSERT INTO entry_fts (entry_fts) VALUES ('optimize')");
  db.exec("VACUUM");
  if (inMemory) return true;
  for (let attempt = 0; attempt < CHECKPOINT_ATTEMPTS; attempt += 1) {
    const result = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number };
    if (result.busy === 0) return true;
  }
  return false;
}
