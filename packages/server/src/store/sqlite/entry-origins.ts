// The journal origins of entries: the positions (and sessions) of the Sources they cite, for recall's conversation
// context (domain/memory/conversation-context.ts).
import type { DatabaseSync } from "node:sqlite";
import type { EntryOrigin } from "../types.ts";
import { arrayStmt } from "./statements.ts";

/** The session as JSON text (json_quote): node:sqlite reads text only up to a U+0000 it holds. */
type OriginRow = [entry_version_id: string, position: number, session_json: string | null];

export function readEntryOrigins(
  db: DatabaseSync,
  scopeId: string,
  versionIds: readonly string[],
): Map<string, EntryOrigin[]> {
  const origins = new Map<string, EntryOrigin[]>();
  if (versionIds.length === 0) return origins;
  const rows = arrayStmt(
    db,
    // Driven from the asked ids (CROSS JOIN fixes the order): left to the planner it scanned every Source of the scope.
    `SELECT v.entry_version_id, s.position,
       CASE WHEN json_type(s.metadata, '$.session_id') = 'text' THEN json_quote(json_extract(s.metadata, '$.session_id')) END
     FROM json_each(?) AS wanted
     CROSS JOIN entry_version v ON v.entry_version_id = wanted.value
     CROSS JOIN json_each(v.source_refs) AS r
     CROSS JOIN source s ON s.scope_id = v.scope_id AND s.source_id = json_extract(r.value, '$.source_id')
     WHERE v.scope_id = ?
     ORDER BY s.position`,
  ).all(JSON.stringify(versionIds), scopeId) as unknown as OriginRow[];
  for (const [versionId, position, session_json] of rows) {
    const list = origins.get(versionId) ?? [];
    list.push({ position, session_id: session_json === null ? null : (JSON.parse(session_json) as string) });
    origins.set(versionId, list);
  }
  return origins;
}
