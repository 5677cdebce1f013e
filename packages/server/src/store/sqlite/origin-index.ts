// The entry_origin rows: for each entry version, the journal position and session of each Source it cites (the
// Sources whose metadata names no session as a string under UNNAMED_SESSION, the empty string). Written with the version and deleted with it or with the Source, so that
// session-neighbours.ts reads "the entries citing this session around this position" as one range of the key.
import type { DatabaseSync } from "node:sqlite";
import { stmt } from "./statements.ts";

/**
 * A Source's session as entry_origin keys it (SQL over the Source `s`): its string `session_id`, else
 * UNNAMED_SESSION (the empty string; store/types/search.ts), as the migration that backfilled the stream wrote it.
 */
const SESSION_KEY = `COALESCE(CASE WHEN json_type(s.metadata, '$.session_id') = 'text'
  THEN json_extract(s.metadata, '$.session_id') END, '')`;

/**
 * Call in the transaction that inserted the version: its rows are derived from its stored source_refs, joined to the
 * journal as in the migration that backfilled the table (a Source cited twice gives one row).
 */
export function indexEntryOrigins(db: DatabaseSync, versionId: string): void {
  stmt(
    db,
    `INSERT INTO entry_origin (scope_id, session_id, position, entry_version_id)
     SELECT DISTINCT v.scope_id, ${SESSION_KEY}, s.position, v.entry_version_id
     FROM entry_version v
     CROSS JOIN json_each(v.source_refs) AS r
     CROSS JOIN source s ON s.scope_id = v.scope_id AND s.source_id = json_extract(r.value, '$.source_id')
     WHERE v.entry_version_id = ?`,
  ).run(versionId);
}

/** Call before the Source's row is deleted: its rows are found by the key they share (its session and position). */
export function forgetSourceOrigins(db: DatabaseSync, scopeId: string, sourceId: string): void {
  stmt(
    db,
    `DELETE FROM entry_origin WHERE scope_id = ?1 AND (session_id, position) IN
       (SELECT ${SESSION_KEY}, s.position FROM source s WHERE s.scope_id = ?1 AND s.source_id = ?2)`,
  ).run(scopeId, sourceId);
}

/**
 * Call before the entry's versions are deleted. The versions are not indexed by entry, so this reads the scope's
 * origin rows; a purge is rare and already reads the scope's versions.
 */
export function forgetEntryOrigins(db: DatabaseSync, scopeId: string, entryId: string): void {
  stmt(
    db,
    `DELETE FROM entry_origin WHERE scope_id = ?1 AND entry_version_id IN
       (SELECT entry_version_id FROM entry_version WHERE scope_id = ?1 AND entry_id = ?2)`,
  ).run(scopeId, entryId);
}
