// Purging on PostgreSQL. Each purge deletes inside the caller's write transaction, which locks the scope's row first,
// keeps the search statistics consistent (term_stat, term_repeat, the scope's BM25 counters) and writes its audit
// record. `compact` then runs VACUUM FULL on the tables that held text: it rewrites each into new files, without the
// dead row versions (a plain VACUUM only marks their space reusable, leaving the bytes in the pages until they are
// overwritten). What no statement can reach (the write-ahead log until its segments are recycled, archives, replicas
// and backups, the filesystem's freed blocks) is described in docs/security.md.
import type { PurgeCounts, PurgeTarget } from "@powercontext/protocol";
import { jsonStringOf, noneRemoved, toPurgeAudit, type PurgeAuditRow } from "../purge-audit.ts";
import type { PurgeAudit } from "@powercontext/protocol";
import type { PurgeOutcome } from "../types.ts";
import { uncountTerms } from "./head-index.ts";
import { lockExistingScope } from "./scope-state.ts";
import { purgeArtifactsCitingSource } from "./artifacts.ts";
import { forgetEntryOrigins, forgetSourceOrigins } from "./origin-index.ts";
import type { Sql } from "./sql.ts";

export type PurgeDeletion = Omit<Extract<PurgeOutcome, { status: "purged" }>, "compacted"> | null;

const CITES_SOURCE = "EXISTS (SELECT 1 FROM json_array_elements(source_refs) e WHERE e->>'source_id' = $2)";

export async function purgeSource(sql: Sql, scopeId: string, sourceId: string, now: string): Promise<PurgeDeletion> {
  await lockExistingScope(sql, scopeId);
  const removed = noneRemoved();
  await forgetSourceOrigins(sql, scopeId, sourceId);
  removed.sources = await sql.run("DELETE FROM source WHERE scope_id = $1 AND source_id = $2", [scopeId, sourceId]);
  if (removed.sources === 0) return null;
  removed.candidates = await deleteCandidates(sql, scopeId, sourceId, CITES_SOURCE);
  removed.candidates += await purgeArtifactsCitingSource(sql, scopeId, sourceId);
  removed.handoff_revisions = await deleteHandoffsCiting(sql, scopeId, sourceId);
  const citing = await sql.rows<{ entry_id: string }>(
    `SELECT DISTINCT entry_id FROM entry_version WHERE scope_id = $1 AND ${CITES_SOURCE} ORDER BY entry_id`,
    [scopeId, sourceId],
  );
  const audit = await writeAudit(sql, scopeId, "source", sourceId, now, removed);
  return { status: "purged", audit, entries_citing_source: citing.map((row) => row.entry_id) };
}

export async function purgeEntry(sql: Sql, scopeId: string, entryId: string, now: string): Promise<PurgeDeletion> {
  await lockExistingScope(sql, scopeId);
  const head = await sql.row<{ key: number; state: string; term_count: number }>(
    "SELECT key, state, term_count FROM entry_head WHERE scope_id = $1 AND entry_id = $2",
    [scopeId, entryId],
  );
  if (!head) return null;
  const removed = noneRemoved();
  if (head.state === "active") {
    await uncountTerms(sql, head.key);
    await sql.run(
      "UPDATE scope_state SET indexed_entries = indexed_entries - 1, indexed_terms = indexed_terms - $2 WHERE scope_id = $1",
      [scopeId, head.term_count],
    );
  }
  await forgetEntryOrigins(sql, scopeId, entryId);
  await sql.run(
    `DELETE FROM entry_vector WHERE entry_version_id IN
       (SELECT entry_version_id FROM entry_version WHERE scope_id = $1 AND entry_id = $2)`,
    [scopeId, entryId],
  );
  removed.entry_versions = await sql.run("DELETE FROM entry_version WHERE scope_id = $1 AND entry_id = $2", [
    scopeId,
    entryId,
  ]);
  await sql.run("DELETE FROM entry_change WHERE scope_id = $1 AND entry_id = $2", [scopeId, entryId]);
  removed.entries = await sql.run("DELETE FROM entry_head WHERE key = $1", [head.key]);
  await forgetUnusedTerms(sql, scopeId);
  removed.candidates = await deleteCandidates(sql, scopeId, entryId, "result->>'entry_id' = $2");
  removed.handoff_revisions = await deleteHandoffsCiting(sql, scopeId, entryId);
  const audit = await writeAudit(sql, scopeId, "entry", entryId, now, removed);
  return { status: "purged", audit, entries_citing_source: [] };
}

const SCOPE_TABLES = [
  "entry_vector",
  "entry_origin",
  "entry_change",
  "memory_revision",
  "candidate_version",
  "term_stat",
  "term_repeat",
  "handoff_cursor",
  "recall_daily",
  "model_usage_daily",
  "scope_state",
  "artifact_candidate_version",
  "artifact_revision",
  // The scope's Handoff Report Workstream: its descriptor names the scope and what the scope is about.
  "report_workstream",
] as const;

export async function purgeScope(sql: Sql, scopeId: string, now: string): Promise<PurgeDeletion> {
  const scope = await lockExistingScope(sql, scopeId);
  const handoffs = await sql.row("SELECT 1 FROM handoff_revision WHERE scope_id = $1 LIMIT 1", [scopeId]);
  if (!scope && !handoffs) return null;
  const deleteAll = (table: string): Promise<number> => sql.run(`DELETE FROM ${table} WHERE scope_id = $1`, [scopeId]);
  const removed = noneRemoved();
  removed.sources = await deleteAll("source");
  removed.entry_versions = await deleteAll("entry_version");
  removed.entries = await deleteAll("entry_head");
  removed.candidates = (await deleteAll("memory_candidate")) + (await deleteAll("artifact_candidate"));
  removed.handoff_revisions = await deleteAll("handoff_revision");
  for (const table of SCOPE_TABLES) await deleteAll(table);
  const audit = await writeAudit(sql, scopeId, "scope", scopeId, now, removed);
  return { status: "purged", audit, entries_citing_source: [] };
}

/**
 * Terms no active entry holds any more leave the statistics (their rows would keep the purged words), and the scope's
 * repeat bounds are rebuilt from its active entries.
 */
async function forgetUnusedTerms(sql: Sql, scopeId: string): Promise<void> {
  await sql.run("DELETE FROM term_stat WHERE scope_id = $1 AND entries <= 0", [scopeId]);
  await sql.run("DELETE FROM term_repeat WHERE scope_id = $1", [scopeId]);
  await sql.run(
    `INSERT INTO term_repeat (scope_id, term, max_tf)
     SELECT h.scope_id, t.lexeme, max(cardinality(t.positions))
     FROM entry_head h, unnest(h.search_vector) AS t
     WHERE h.scope_id = $1 AND h.state = 'active' AND cardinality(t.positions) > 1
     GROUP BY h.scope_id, t.lexeme`,
    [scopeId],
  );
}

/** Deletes the candidates matching `where` (with $1 the scope and $2 the id) and their versions. */
async function deleteCandidates(sql: Sql, scopeId: string, id: string, where: string): Promise<number> {
  await sql.run(
    `DELETE FROM candidate_version WHERE scope_id = $1 AND candidate_id IN
       (SELECT candidate_id FROM memory_candidate WHERE scope_id = $1 AND ${where})`,
    [scopeId, id],
  );
  return sql.run(`DELETE FROM memory_candidate WHERE scope_id = $1 AND ${where}`, [scopeId, id]);
}

function deleteHandoffsCiting(sql: Sql, scopeId: string, id: string): Promise<number> {
  return sql.run("DELETE FROM handoff_revision WHERE scope_id = $1 AND strpos(content::text, $2) > 0", [
    scopeId,
    jsonStringOf(id),
  ]);
}

async function writeAudit(
  sql: Sql,
  scopeId: string,
  target: PurgeTarget,
  targetId: string,
  now: string,
  removed: PurgeCounts,
): Promise<PurgeAudit> {
  const row = await sql.row<{ audit_id: number }>(
    `INSERT INTO purge_audit (scope_id, target, target_id, purged_at, removed) VALUES ($1, $2, $3, $4, $5)
     RETURNING audit_id`,
    [scopeId, target, targetId, now, JSON.stringify(removed)],
  );
  return toPurgeAudit(scopeId, { audit_id: row?.audit_id ?? 0, target, target_id: targetId, purged_at: now, removed });
}

export async function listPurges(sql: Sql, scopeId: string): Promise<PurgeAudit[]> {
  const rows = await sql.rows<PurgeAuditRow>(
    "SELECT audit_id, target, target_id, purged_at, removed FROM purge_audit WHERE scope_id = $1 ORDER BY audit_id",
    [scopeId],
  );
  return rows.map((row) => toPurgeAudit(scopeId, row));
}

/**
 * The tables whose rows hold text, rewritten by VACUUM FULL (outside any transaction); ANALYZE then replaces their
 * planner statistics, whose most common values are sampled text.
 */
const TEXT_TABLES = [
  "source",
  "entry_version",
  "entry_change",
  "entry_head",
  // Sessions are named by the Sources' metadata.
  "entry_origin",
  "term_stat",
  "term_repeat",
  "memory_candidate",
  "candidate_version",
  "handoff_revision",
];

export async function compact(sql: Sql): Promise<boolean> {
  await sql.run(`VACUUM (FULL, ANALYZE) ${TEXT_TABLES.join(", ")}`);
  return true;
}
