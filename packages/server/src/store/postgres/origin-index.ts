// The entry_origin rows: for each entry version, the journal position and session of each Source it cites (the
// Sources whose metadata names no session as a string under UNNAMED_SESSION, the empty string). Written with the version and deleted with it or with the Source, so that
// session-neighbours.ts reads "the entries citing this session around this position" as one range of the key.
// The sessions are read from the Sources' parsed metadata here rather than with SQL's JSON operators, which refuse
// JSON holding U+0000; written as parameters, they pass through the text codec like every other string.
import type { NewEntryVersion } from "../types.ts";
import { UNNAMED_SESSION } from "../types/search.ts";
import type { Sql } from "./sql.ts";

interface CitedSource {
  source_id: string;
  position: number;
  metadata: Record<string, unknown> | null;
}

/** A Source's session as entry_origin keys it: its string `session_id`, else UNNAMED_SESSION. */
function sessionKey(metadata: Record<string, unknown> | null): string {
  const session = metadata?.session_id;
  return typeof session === "string" ? session : UNNAMED_SESSION;
}

/** Call in the transaction that inserted the versions (of one scope); a Source cited twice gives one row. */
export async function indexEntryOrigins(
  sql: Sql,
  scopeId: string,
  versions: readonly NewEntryVersion[],
): Promise<void> {
  const cited = [...new Set(versions.flatMap((version) => version.source_refs.map((ref) => ref.source_id)))];
  // A revision citing no Source has no origins, so nothing is read (which also lets the migration tests write such
  // entries on a schema older than the table).
  if (cited.length === 0) return;
  const sources = await sql.rows<CitedSource>(
    "SELECT source_id, position, metadata FROM source WHERE scope_id = $1 AND source_id = ANY ($2::text[])",
    [scopeId, cited],
  );
  const bySourceId = new Map(sources.map((source) => [source.source_id, source]));
  const rows = new Map<string, [session_id: string, position: number, entry_version_id: string]>();
  for (const version of versions) {
    for (const ref of version.source_refs) {
      const source = bySourceId.get(ref.source_id);
      if (source) {
        const session = sessionKey(source.metadata);
        rows.set(JSON.stringify([session, source.position, version.entry_version_id]), [
          session,
          source.position,
          version.entry_version_id,
        ]);
      }
    }
  }
  if (rows.size === 0) return;
  const values = [...rows.values()];
  await sql.run(
    `INSERT INTO entry_origin (scope_id, session_id, position, entry_version_id)
     SELECT $1, o.session_id, o.position, o.entry_version_id
     FROM unnest($2::text[], $3::bigint[], $4::text[]) AS o (session_id, position, entry_version_id)`,
    [scopeId, values.map((row) => row[0]), values.map((row) => row[1]), values.map((row) => row[2])],
  );
}

/** Call before the Source's row is deleted: its rows are found by the key they share (its session and position). */
export async function forgetSourceOrigins(sql: Sql, scopeId: string, sourceId: string): Promise<void> {
  const source = await sql.row<Omit<CitedSource, "source_id">>(
    "SELECT position, metadata FROM source WHERE scope_id = $1 AND source_id = $2",
    [scopeId, sourceId],
  );
  if (!source) return;
  await sql.run("DELETE FROM entry_origin WHERE scope_id = $1 AND session_id = $2 AND position = $3", [
    scopeId,
    sessionKey(source.metadata),
    source.position,
  ]);
}

/**
 * Call before the entry's versions are deleted. The versions are not indexed by entry, so this reads the scope's
 * origin rows; a purge is rare and already reads the scope's versions.
 */
export async function forgetEntryOrigins(sql: Sql, scopeId: string, entryId: string): Promise<void> {
  await sql.run(
    `DELETE FROM entry_origin WHERE scope_id = $1 AND entry_version_id IN
       (SELECT entry_version_id FROM entry_version WHERE scope_id = $1 AND entry_id = $2)`,
    [scopeId, entryId],
  );
}
