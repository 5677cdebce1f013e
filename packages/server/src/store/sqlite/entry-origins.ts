// The journal origins of entries: the positions (and sessions) of the Sources they cite, for recall's conversation
// context (domain/memory/conversation-context.ts).
import type { DatabaseSync } from "node:sqlite";
import type { EntryOrigin } from "../types.ts";
import { arrayStmt } from "./statements.ts";

type OriginRow = [entry_version_id: string, position: number, session_id: string | null];

export function readEntryOrigins(
  db: DatabaseSync,
  scopeId: string,
  versionIds: readonly string[],
): Map<string, EntryOrigin[]> {
  const origins = new Map<string, EntryOrigin[]>();
  if (versionIds.length === 0) return origins;
  const rows = arrayStmt(
    db,
    `SELECT v.entry_version_id, s.position,
       CASE WHEN json_type(s.metadata, '$.session_id') = 'text' THEN json_extract(s.metadata, '$.session_id') END
     FROM entry_version v, json_each(v.source_refs) r
     JOIN source s ON s.scope_id = v.scope_id AND s.source_id = json_extract(r.value, '$.source_id')
     WHERE v.scope_id = ? AND v.entry_version_id IN (SELECT value FROM json_each(?))
     ORDER BY s.position`,
  ).all(scopeId, JSON.stringify(versionIds)) as unknown as OriginRow[];
  for (const [versionId, position, session_id] of rows) {
    const list = origins.get(versionId) ?? [];
    list.push({ position, session_id });
    origins.set(versionId, list);
  }
  return origins;
}
