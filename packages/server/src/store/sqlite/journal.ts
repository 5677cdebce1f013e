// Sources: idempotent capture with gap-free per-scope positions, and journal windows for the flush.
import type { DatabaseSync } from "node:sqlite";
import { stmt } from "./statements.ts";
import type { CaptureResult, JournalWindow, NewSource, StoredSource } from "../types.ts";
import { toStoredSource } from "../rows.ts";
import { decodeSource, type StoredSourceRow } from "./rows.ts";
import { ensureScope, type ScopeRow } from "./scope-state.ts";

export function captureSource(db: DatabaseSync, source: NewSource): CaptureResult {
  const existing = stmt(
    db,
    "SELECT position, payload_digest, redaction_count FROM source WHERE scope_id = ? AND source_id = ?",
  ).get(source.scope_id, source.source_id) as
    | Pick<StoredSourceRow, "position" | "payload_digest" | "redaction_count">
    | undefined;
  if (existing) {
    if (existing.payload_digest !== source.payload_digest) return { status: "conflict" };
    return {
      status: "duplicate",
      receipt: {
        source: { name: "content", source_id: source.source_id },
        position: existing.position,
        redaction_count: existing.redaction_count,
      },
    };
  }
  const scope = ensureScope(db, source.scope_id);
  const position = scope.high_watermark + 1;
  stmt(
    db,
    `INSERT INTO source (scope_id, position, source_id, content, metadata, payload_digest, redaction_count, captured_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    source.scope_id,
    position,
    source.source_id,
    source.content,
    JSON.stringify(source.metadata),
    source.payload_digest,
    source.redaction_count,
    source.captured_at,
  );
  stmt(db, "UPDATE scope_state SET high_watermark = ? WHERE scope_id = ?").run(position, source.scope_id);
  return {
    status: "created",
    receipt: {
      source: { name: "content", source_id: source.source_id },
      position,
      redaction_count: source.redaction_count,
    },
  };
}

export function findSource(db: DatabaseSync, scopeId: string, sourceId: string): StoredSource | null {
  const row = stmt(db, "SELECT * FROM source WHERE scope_id = ? AND source_id = ?").get(scopeId, sourceId) as
    | StoredSourceRow
    | undefined;
  return row ? toStoredSource(decodeSource(row)) : null;
}

export function readJournalWindow(db: DatabaseSync, scopeId: string, limit: number): JournalWindow {
  const scope = stmt(db, "SELECT * FROM scope_state WHERE scope_id = ?").get(scopeId) as ScopeRow | undefined;
  if (!scope) return { cursor: 0, high_watermark: 0, sources: [] };
  const rows = stmt(db, "SELECT * FROM source WHERE scope_id = ? AND position > ? ORDER BY position LIMIT ?").all(
    scopeId,
    scope.memory_cursor,
    limit,
  ) as unknown as StoredSourceRow[];
  const sources = rows.map((row) => toStoredSource(decodeSource(row)));
  return { cursor: scope.memory_cursor, high_watermark: scope.high_watermark, sources };
}
