// Continuity on SQLite: Handoff revisions with a CAS on the head, the handoff activation cursor, and daily
// model usage counters. Each function runs inside the caller's transaction (see sqlite-store.ts).
import type { DatabaseSync } from "node:sqlite";
import type {
  CursorAdvance,
  HandoffCommit,
  HandoffCommitResult,
  HandoffRevision,
  ModelUsageSample,
  UsageKind,
} from "../types.ts";
import { toHandoffRevision } from "../rows.ts";
import { decodeHandoff, type StoredHandoffRow } from "./rows.ts";
import { stmt } from "./statements.ts";

function toRevision(row: StoredHandoffRow): HandoffRevision {
  return toHandoffRevision(decodeHandoff(row));
}

function headRow(db: DatabaseSync, scopeId: string): StoredHandoffRow | undefined {
  return stmt(db, "SELECT * FROM handoff_revision WHERE scope_id = ? ORDER BY revision DESC LIMIT 1").get(scopeId) as
    | StoredHandoffRow
    | undefined;
}

export function getHandoffHead(db: DatabaseSync, scopeId: string): HandoffRevision | null {
  const row = headRow(db, scopeId);
  return row ? toRevision(row) : null;
}

export function getHandoffRevision(db: DatabaseSync, scopeId: string, revision: number): HandoffRevision | null {
  const row = stmt(db, "SELECT * FROM handoff_revision WHERE scope_id = ? AND revision = ?").get(scopeId, revision) as
    | StoredHandoffRow
    | undefined;
  return row ? toRevision(row) : null;
}

export function commitHandoff(db: DatabaseSync, commit: HandoffCommit): HandoffCommitResult {
  const head = headRow(db, commit.scope_id);
  if (head && head.content_key === commit.content_key) return { status: "unchanged", revision: head.revision };
  const current = head?.revision ?? null;
  if (current !== commit.base_revision) return { status: "revision_conflict", head: current };
  const revision = (current ?? 0) + 1;
  stmt(
    db,
    "INSERT INTO handoff_revision (scope_id, revision, content, content_key, committed_at) VALUES (?, ?, ?, ?, ?)",
  ).run(commit.scope_id, revision, JSON.stringify(commit.content), commit.content_key, commit.now);
  return { status: "committed", revision };
}

export function getHandoffCursor(db: DatabaseSync, scopeId: string): number {
  const row = stmt(db, "SELECT position FROM handoff_cursor WHERE scope_id = ?").get(scopeId) as
    | { position: number }
    | undefined;
  return row?.position ?? 0;
}

export function advanceHandoffCursor(db: DatabaseSync, scopeId: string, from: number, to: number): CursorAdvance {
  const cursor = getHandoffCursor(db, scopeId);
  if (cursor !== from || to <= from) return { status: "behind", cursor };
  stmt(
    db,
    "INSERT INTO handoff_cursor (scope_id, position) VALUES (?, ?) ON CONFLICT (scope_id) DO UPDATE SET position = excluded.position",
  ).run(scopeId, to);
  return { status: "advanced" };
}

export function addModelUsage(db: DatabaseSync, samples: readonly ModelUsageSample[]): void {
  const upsert = stmt(
    db,
    `INSERT INTO model_usage_daily (scope_id, date, purpose, kind, requests, input_tokens, output_tokens)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope_id, date, purpose, kind) DO UPDATE SET
       requests = requests + excluded.requests,
       input_tokens = CASE WHEN excluded.input_tokens IS NULL THEN input_tokens
                           ELSE coalesce(input_tokens, 0) + excluded.input_tokens END,
       output_tokens = CASE WHEN excluded.output_tokens IS NULL THEN output_tokens
                            ELSE coalesce(output_tokens, 0) + excluded.output_tokens END`,
  );
  for (const s of samples)
    upsert.run(s.scope_id, s.date, s.purpose, s.kind, s.requests, s.input_tokens, s.output_tokens);
}

export function readModelUsage(db: DatabaseSync, scopeId: string, from: string, to: string): ModelUsageSample[] {
  const rows = stmt(
    db,
    "SELECT * FROM model_usage_daily WHERE scope_id = ? AND date >= ? AND date <= ? ORDER BY date, purpose, kind",
  ).all(scopeId, from, to) as unknown as Array<ModelUsageSample & { kind: UsageKind }>;
  return rows.map((row) => ({ ...row }));
}
