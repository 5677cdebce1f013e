// Report activities: untrusted observations recorded against a Project (idempotent per source event), listed by
// cursor and purged by observation time. An event is placed in a period by `occurred_at`, unless its time basis says
// that time is only the current state or unknown: then it has no place in a period.
import {
  canonicalJson,
  type HandoffReportActivity,
  type HandoffReportActivityPage,
  type ListHandoffReportActivitiesRequest,
  type PurgeHandoffReportActivitiesRequest,
  type PurgeHandoffReportActivitiesResponse,
  type RecordHandoffReportActivityRequest,
  REPORT_ACTIVITY_SCHEMA,
  type StoredHandoffReportActivity,
} from "@powercontext/protocol";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { invalidField, normalizeInstant, normalizeOptionalInstant } from "./input-checks.ts";
import { pageSize } from "./page-cursor.ts";
import { getProject } from "./projects.ts";

type Deps = Pick<DomainDeps, "store" | "ids" | "clock">;

/** The instant an event is placed at in a period, or null when it has none. */
export function effectiveTime(event: Pick<HandoffReportActivity, "occurred_at" | "time_basis">): string | null {
  if (event.time_basis === "current_only" || event.time_basis === "unknown") return null;
  return event.occurred_at;
}

function eventOf(deps: Deps, request: RecordHandoffReportActivityRequest): HandoffReportActivity {
  const { agent, vcs_context: vcs } = request;
  if (vcs && !vcs.branch && !vcs.head_revision)
    throw invalidField("vcs_context", "must name a branch or a head revision");
  return {
    schema: REPORT_ACTIVITY_SCHEMA,
    event_id: deps.ids.next("evt_"),
    project_id: request.project_id,
    scope_id: request.scope_id ?? null,
    source: request.source,
    source_event_id: request.source_event_id,
    source_ref: request.source_ref ?? null,
    occurred_at: normalizeOptionalInstant("occurred_at", request.occurred_at),
    observed_at: deps.clock.now().toISOString(),
    time_basis: request.time_basis,
    title: request.title ?? null,
    summary: request.summary ?? null,
    agent: agent ? { provider: agent.provider ?? null, label: agent.label ?? null } : null,
    session_id: request.session_id ?? null,
    vcs_context: vcs ? { branch: vcs.branch ?? null, head_revision: vcs.head_revision ?? null } : null,
    evidence_refs: request.evidence_refs ?? [],
    trust: "untrusted_observation",
  };
}

export async function recordActivity(
  deps: Deps,
  request: RecordHandoffReportActivityRequest,
): Promise<StoredHandoffReportActivity> {
  const event = eventOf(deps, request);
  rejectSecrets(event);
  await getProject(deps, request.project_id);
  // What the recorder said, without what the Server adds (id, observation time), decides "the same observation".
  const { event_id: _id, observed_at: _observed, ...said } = event;
  const result = await deps.store.recordReportActivity({
    event,
    content_key: canonicalJson(said),
    effective_at: effectiveTime(event),
  });
  if (result.status === "conflict") throw refusalError("activity_conflict", { cursor: result.stored.cursor });
  return result.stored;
}

export async function listActivities(
  deps: Pick<DomainDeps, "store">,
  request: ListHandoffReportActivitiesRequest,
): Promise<HandoffReportActivityPage> {
  const periodStart = normalizeOptionalInstant("period_start", request.period_start);
  const periodEnd = normalizeOptionalInstant("period_end", request.period_end);
  if (periodStart !== null && periodEnd !== null && periodStart >= periodEnd)
    throw invalidField("period_end", "must be after period_start");
  const limit = pageSize(request.limit);
  await getProject(deps, request.project_id);
  const listing = await deps.store.listReportActivities({
    project_id: request.project_id,
    after_cursor: request.after_cursor ?? 0,
    through_cursor: request.through_cursor ?? null,
    sources: request.sources ?? null,
    period_start: periodStart,
    period_end: periodEnd,
    limit: limit + 1,
  });
  const items = listing.items.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((item) => item.event),
    next_cursor: listing.items.length > limit && last !== undefined ? last.cursor : null,
    high_watermark: listing.high_watermark,
  };
}

export async function purgeActivities(
  deps: Pick<DomainDeps, "store">,
  request: PurgeHandoffReportActivitiesRequest,
): Promise<PurgeHandoffReportActivitiesResponse> {
  const before = normalizeInstant("observed_before", request.observed_before);
  await getProject(deps, request.project_id);
  return { deleted_count: await deps.store.purgeReportActivities(request.project_id, before) };
}
