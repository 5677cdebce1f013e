// What both adapters share for the overview reads: the scope summary query (plain SQL that both engines run as it
// is) and the mapping of its rows.
import type { ScopeSummary } from "./types.ts";

/**
 * One row per scope known to the journal or to Handoffs. Each latest timestamp is read through its table's primary
 * key (newest position or revision first); the candidates' latest change scans only that scope's candidates.
 */
export const SCOPE_SUMMARY_SQL = `
  WITH ids AS (SELECT scope_id FROM scope_state UNION SELECT scope_id FROM handoff_revision)
  SELECT ids.scope_id AS scope_id,
    (SELECT count(*) FROM source s WHERE s.scope_id = ids.scope_id) AS sources,
    (SELECT count(*) FROM entry_head h WHERE h.scope_id = ids.scope_id AND h.state = 'active') AS active_entries,
    (SELECT count(*) FROM memory_candidate c WHERE c.scope_id = ids.scope_id AND c.status = 'pending')
      AS pending_candidates,
    (SELECT count(*) FROM handoff_revision r WHERE r.scope_id = ids.scope_id) AS handoff_revisions,
    (SELECT s.captured_at FROM source s WHERE s.scope_id = ids.scope_id ORDER BY s.position DESC LIMIT 1)
      AS last_capture,
    (SELECT m.created_at FROM memory_revision m WHERE m.scope_id = ids.scope_id ORDER BY m.revision DESC LIMIT 1)
      AS last_revision,
    (SELECT max(c.updated_at) FROM memory_candidate c WHERE c.scope_id = ids.scope_id) AS last_candidate,
    (SELECT r.committed_at FROM handoff_revision r WHERE r.scope_id = ids.scope_id ORDER BY r.revision DESC LIMIT 1)
      AS last_handoff
  FROM ids ORDER BY ids.scope_id`;

export interface ScopeSummaryRow {
  scope_id: string;
  sources: number;
  active_entries: number;
  pending_candidates: number;
  handoff_revisions: number;
  last_capture: string | null;
  last_revision: string | null;
  last_candidate: string | null;
  last_handoff: string | null;
}

export function toScopeSummary(row: ScopeSummaryRow): ScopeSummary {
  // Every timestamp is ISO-8601 UTC, so the greatest string is the latest moment.
  const times = [row.last_capture, row.last_revision, row.last_candidate, row.last_handoff].filter(
    (time): time is string => time !== null,
  );
  return {
    scope_id: row.scope_id,
    sources: Number(row.sources),
    active_entries: Number(row.active_entries),
    pending_candidates: Number(row.pending_candidates),
    handoff_revisions: Number(row.handoff_revisions),
    last_activity: times.sort().at(-1) ?? null,
  };
}
