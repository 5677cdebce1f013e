// The journal origins of entries: the positions (and sessions) of the Sources they cite, for recall's conversation
// context (domain/memory/conversation-context.ts).
import type { EntryOrigin } from "../types.ts";
import type { Sql } from "./sql.ts";

interface OriginRow {
  entry_version_id: string;
  position: number;
  session_id: string | null;
  /** The whole metadata as JSON text when it holds U+0000 or U+FFFF, which SQL's JSON operators refuse or the text codec would misread. */
  escaped_metadata: string | null;
}

export async function readEntryOrigins(
  sql: Sql,
  scopeId: string,
  versionIds: readonly string[],
): Promise<Map<string, EntryOrigin[]>> {
  const origins = new Map<string, EntryOrigin[]>();
  if (versionIds.length === 0) return origins;
  const rows = await sql.rows<OriginRow>(
    `SELECT v.entry_version_id, s.position,
       CASE WHEN m.escaped THEN NULL
         WHEN json_typeof(s.metadata -> 'session_id') = 'string' THEN s.metadata ->> 'session_id' END AS session_id,
       CASE WHEN m.escaped THEN m.raw END AS escaped_metadata
     FROM entry_version v CROSS JOIN LATERAL json_array_elements(v.source_refs) AS r(ref)
     JOIN source s ON s.scope_id = v.scope_id AND s.source_id = r.ref ->> 'source_id'
     CROSS JOIN LATERAL (SELECT s.metadata::text AS raw) AS t
     CROSS JOIN LATERAL (SELECT t.raw, strpos(t.raw, '\\u0000') > 0 OR strpos(t.raw, U&'\\FFFF') > 0 AS escaped) AS m
     WHERE v.scope_id = $1 AND v.entry_version_id = ANY ($2::text[])
     ORDER BY s.position`,
    [scopeId, versionIds],
  );
  for (const { entry_version_id, position, session_id, escaped_metadata } of rows) {
    const list = origins.get(entry_version_id) ?? [];
    list.push({ position, session_id: escaped_metadata === null ? session_id : sessionOfMetadata(escaped_metadata) });
    origins.set(entry_version_id, list);
  }
  return origins;
}

/** The session_id of metadata JSON text when it is a string, else null. */
function sessionOfMetadata(json: string): string | null {
  const session = (JSON.parse(json) as { session_id?: unknown }).session_id;
  return typeof session === "string" ? session : null;
}
