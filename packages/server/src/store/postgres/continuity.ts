// Continuity on PostgreSQL: Handoff revisions with a CAS on the head, the handoff activation cursor, and
// daily model usage counters. The CAS operations lock the scope's row first (see scope-state.ts), so concurrent
// commits from any Server see each other's result.
import type { CursorAdvance, HandoffCommit, HandoffCommitResult, HandoffRevision, ModelUsageSample } from "../types.ts";
import { toHandoffRevision, type HandoffRow } from "../rows.ts";
import { HANDOFF_COLUMNS } from "./rows.ts";
import { lockScope } from "./scope-state.ts";
import type { Sql } from "./sql.ts";

function headRow(sql: Sql, scopeId: string): Promise<HandoffRow | undefined> {
  return sql.row<HandoffRow>(
    `SELECT ${HANDOFF_COLUMNS} FROM handoff_revision WHERE scope_id = $1 ORDER BY revision DESC LIMIT 1`,
    [scopeId],
  );
}

export async function getHandoffHead(sql: Sql, scopeId: string): Promise<HandoffRevision | null> {
  const row = await headRow(sql, scopeId);
  return row ? toHandoffRevision(row) : null;
}

export async function getHandoffRevision(sql: Sql, scopeId: string, revision: number): Promise<HandoffRevision | null> {
  const row = await sql.row<HandoffRow>(
    `SELECT ${HANDOFF_COLUMNS} FROM handoff_revision WHERE scope_id = $1 AND revision = $2`,
    [scopeId, revision],
  );
  return row ? toHandoffRevision(row) : null;
}

/** Call inside a write transaction. */
export async function commitHandoff(sql: Sql, commit: HandoffCommit): Promise<HandoffCommitResult> {
  await lockScope(sql, commit.scope_id);
  const head = await headRow(sql, commit.scope_id);
  if (head && head.content_key === commit.content_key) return { status: "unchanged", revision: head.revision };
  const current = head?.revision ?? null;
  if (current !== commit.base_revision) return { status: "revision_conflict", head: current };
  const revision = (current ?? 0) + 1;
  await sql.run(
    "INSERT INTO handoff_revision (scope_id, revision, content, content_key, committed_at) VALUES ($1, $2, $3, $4, $5)",
    [commit.scope_id, revision, JSON.stringify(commit.content), commit.content_key, commit.now],
  );
  return { status: "committed", revision };
}

export async function getHandoffCursor(sql: Sql, scopeId: string): Promise<number> {
  const row = await sql.row<{ position: number }>("SELECT position FROM handoff_cursor WHERE scope_id = $1", [scopeId]);
  return row?.position ?? 0;
}

/** Call inside a write transaction. */
export async function advanceHandoffCursor(
  sql: Sql,
  scopeId: string,
  from: number,
  to: number,
): Promise<CursorAdvance> {
  await lockScope(sql, scopeId);
  const cursor = await getHandoffCursor(sql, scopeId);
  if (cursor !== from || to <= from) return { status: "behind", cursor };
  await sql.run(
    "INSERT INTO handoff_cursor (scope_id, position) VALUES ($1, $2) ON CONFLICT (scope_id) DO UPDATE SET position = excluded.position",
    [scopeId, to],
  );
  return { status: "advanced" };
}

/** Call inside a write transaction. Rows are upserted in key order, so concurrent batches cannot deadlock. */
export async function addModelUsage(sql: Sql, samples: readonly ModelUsageSample[]): Promise<void> {
  const key = (s: ModelUsageSample): string => JSON.stringify([s.scope_id, s.date, s.purpose, s.kind]);
  const ordered = [...samples].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (const s of ordered) {
    await sql.run(
      `INSERT INTO model_usage_daily AS u (scope_id, date, purpose, kind, requests, input_tokens, output_tokens)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (scope_id, date, purpose, kind) DO UPDATE SET
         requests = u.requests + excluded.requests,
         input_tokens = CASE WHEN excluded.input_tokens IS NULL THEN u.input_tokens
                             ELSE coalesce(u.input_tokens, 0) + excluded.input_tokens END,
         output_tokens = CASE WHEN excluded.output_tokens IS NULL THEN u.output_tokens
                              ELSE coalesce(u.output_tokens, 0) + excluded.output_tokens END`,
      [s.scope_id, s.date, s.purpose, s.kind, s.requests, s.input_tokens, s.output_tokens],
    );
  }
}

export function readModelUsage(sql: Sql, scopeId: string, from: string, to: string): Promise<ModelUsageSample[]> {
  return sql.rows<ModelUsageSample>(
    `SELECT scope_id, date, purpose, kind, requests, input_tokens, output_tokens FROM model_usage_daily
     WHERE scope_id = $1 AND date >= $2 AND date <= $3 ORDER BY date, purpose, kind`,
    [scopeId, from, to],
  );
}
