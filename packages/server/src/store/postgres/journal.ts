// Sources: idempotent capture with gap-free per-scope positions, and journal windows for the flush.
import pg from "pg";
import type { CaptureResult, JournalWindow, NewSource, StoredSource } from "../types.ts";
import { SOURCE_COLUMNS, toStoredSource, type SourceRow } from "./rows.ts";
import type { Sql } from "./sql.ts";

/** Attempts per batch: a retry follows a concurrent capture of the same source_id, which is then visible. */
const CAPTURE_ATTEMPTS = 3;
const SOURCE_ID_KEY = "source_scope_id_source_id_key";

interface KnownSource {
  position: number;
  payload_digest: string;
  redaction_count: number;
}

/**
 * Captures Sources of one scope, in order, as if one at a time: each new one gets the next position; a repeated
 * source_id (stored, or earlier in the batch) is a duplicate with the same payload and a conflict otherwise.
 * Runs on the pool, not in a transaction: the insert is one statement, atomic on its own.
 */
export async function captureSources(sql: Sql, sources: readonly NewSource[]): Promise<CaptureResult[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tryCaptureSources(sql, sources);
    } catch (error) {
      const raced = error instanceof pg.DatabaseError && error.code === "23505" && error.constraint === SOURCE_ID_KEY;
      if (!raced || attempt >= CAPTURE_ATTEMPTS) throw error;
    }
  }
}

async function tryCaptureSources(sql: Sql, sources: readonly NewSource[]): Promise<CaptureResult[]> {
  const [first] = sources;
  if (!first) return [];
  const scopeId = first.scope_id;
  if (sources.some((source) => source.scope_id !== scopeId)) throw new Error("a capture batch spans several scopes");
  // Stored Sources never change, so reading them needs no lock; one stored after this read makes the insert fail.
  const stored = await sql.rows<KnownSource & { source_id: string }>(
    "SELECT source_id, position, payload_digest, redaction_count FROM source WHERE scope_id = $1 AND source_id = ANY ($2::text[])",
    [scopeId, [...new Set(sources.map((source) => source.source_id))]],
  );
  const known = new Map<string, KnownSource>(stored.map((row) => [row.source_id, row]));
  const fresh: NewSource[] = [];
  for (const source of sources) {
    if (known.has(source.source_id)) continue;
    known.set(source.source_id, {
      position: 0,
      payload_digest: source.payload_digest,
      redaction_count: source.redaction_count,
    });
    fresh.push(source);
  }
  if (fresh.length > 0) {
    const inserted = await insertSources(sql, scopeId, fresh);
    for (const row of inserted) {
      const entry = known.get(row.source_id);
      if (entry) entry.position = row.position;
    }
  }
  const created = new Set(fresh);
  return sources.map((source): CaptureResult => {
    const original = known.get(source.source_id);
    if (!original) throw new Error(`source ${source.source_id} was neither stored nor inserted`);
    const receipt = {
      source: { name: "content" as const, source_id: source.source_id },
      position: original.position,
      redaction_count: original.redaction_count,
    };
    if (created.has(source)) return { status: "created", receipt };
    return original.payload_digest === source.payload_digest
      ? { status: "duplicate", receipt }
      : { status: "conflict" };
  });
}

/**
 * Appends `fresh` after the scope's high watermark in one statement. Advancing the watermark locks the scope's row
 * until the statement commits, so concurrent appends (from any Server) queue there and positions stay gap-free.
 */
function insertSources(
  sql: Sql,
  scopeId: string,
  fresh: readonly NewSource[],
): Promise<Array<{ source_id: string; position: number }>> {
  return sql.rows(
    `WITH scope AS (
       INSERT INTO scope_state AS s (scope_id, high_watermark) VALUES ($1, $2)
       ON CONFLICT (scope_id) DO UPDATE SET high_watermark = s.high_watermark + $2
       RETURNING s.high_watermark - $2 AS base
     )
     INSERT INTO source (scope_id, position, source_id, content, metadata, payload_digest, redaction_count, captured_at)
     SELECT $1, scope.base + i.ord, i.source_id, i.content, i.metadata::json, i.payload_digest, i.redaction_count, i.captured_at
     FROM scope, unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::integer[], $8::text[])
       WITH ORDINALITY AS i (source_id, content, metadata, payload_digest, redaction_count, captured_at, ord)
     RETURNING source_id, position`,
    [
      scopeId,
      fresh.length,
      fresh.map((source) => source.source_id),
      fresh.map((source) => source.content),
      fresh.map((source) => JSON.stringify(source.metadata)),
      fresh.map((source) => source.payload_digest),
      fresh.map((source) => source.redaction_count),
      fresh.map((source) => source.captured_at),
    ],
  );
}

export async function findSource(sql: Sql, scopeId: string, sourceId: string): Promise<StoredSource | null> {
  const row = await sql.row<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM source WHERE scope_id = $1 AND source_id = $2`, [
    scopeId,
    sourceId,
  ]);
  return row ? toStoredSource(row) : null;
}

/** One statement, so the cursor and the window come from the same snapshot. */
export async function readJournalWindow(sql: Sql, scopeId: string, limit: number): Promise<JournalWindow> {
  const rows = await sql.rows<{ memory_cursor: number; high_watermark: number } & ({ position: null } | SourceRow)>(
    `SELECT s.memory_cursor, s.high_watermark, w.scope_id, w.source_id, w.position, w.content, w.metadata, w.captured_at
     FROM scope_state s
     LEFT JOIN LATERAL (
       SELECT ${SOURCE_COLUMNS} FROM source
       WHERE source.scope_id = s.scope_id AND source.position > s.memory_cursor
       ORDER BY source.position LIMIT $2
     ) w ON true
     WHERE s.scope_id = $1
     ORDER BY w.position`,
    [scopeId, limit],
  );
  const [first] = rows;
  if (!first) return { cursor: 0, high_watermark: 0, sources: [] };
  const sources: StoredSource[] = [];
  for (const row of rows) if (row.position !== null) sources.push(toStoredSource(row));
  return { cursor: first.memory_cursor, high_watermark: first.high_watermark, sources };
}
