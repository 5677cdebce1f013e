// The audit record a purge leaves, as both adapters write and read it: the target and the counts, never any text.
import type { PurgeAudit, PurgeCounts, PurgeTarget } from "@powercontext/protocol";

export interface PurgeAuditRow {
  audit_id: number;
  target: string;
  target_id: string;
  purged_at: string;
  removed: PurgeCounts;
}

export function noneRemoved(): PurgeCounts {
  return { sources: 0, entry_versions: 0, entries: 0, candidates: 0, handoff_revisions: 0 };
}

export function toPurgeAudit(scopeId: string, row: PurgeAuditRow): PurgeAudit {
  return {
    audit_id: row.audit_id,
    scope_id: scopeId,
    target: row.target as PurgeTarget,
    target_id: row.target_id,
    purged_at: row.purged_at,
    removed: row.removed,
  };
}

/**
 * Whether a stored Handoff's content cites `id` (a source_id or an entry_id): its JSON holds the id as a string value.
 * Ids are opaque strings, so this finds every citation; it may also find a Handoff that merely quotes the id, which
 * is purged with the rest (a purge errs towards removing).
 */
export function jsonStringOf(id: string): string {
  return JSON.stringify(id);
}
