// What a Handoff Report is made of, read once: the Project, its Workstreams, the Handoff revision each one shows
// (the head, or the last one committed before the period's end), the baseline of a comparison, and the activities.
// Everything after this is a pure projection of the selection.
import type {
  EvidenceCheck,
  GetHandoffReportRequest,
  HandoffContent,
  HandoffReportActivity,
  ProjectDescriptor,
  WorkstreamDescriptor,
} from "@powercontext/protocol";
import type { HandoffRevision } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { evidenceChecks } from "../handoff/continue.ts";
import { refusalError } from "../refusals.ts";
import { effectiveTime } from "./activities.ts";
import { invalidField, normalizeInstant, requireTimeZone } from "./input-checks.ts";
import { getProject } from "./projects.ts";

/** Upstream's bounds: a report covers at most 100 Workstreams and 5,000 activities. */
export const MAX_REPORT_WORKSTREAMS = 100;
export const MAX_REPORT_ACTIVITIES = 5000;
/** How far back a period's end is looked for among a scope's revisions before its revision counts as unknown. */
export const MAX_HISTORY_STEPS = 20;

export interface ReportPeriod {
  start: string;
  end: string;
  timezone: string;
  compare_to_previous_period: boolean;
}

/** The revision a Workstream shows at an instant: one, none committed yet, or too far back to tell. */
export type RevisionAt = { status: "found"; revision: HandoffRevision } | { status: "none" } | { status: "unknown" };

export interface SelectedWorkstream {
  workstream: WorkstreamDescriptor;
  handoff: RevisionAt;
  /** At the period's start, when the request compares with the previous period; else null. */
  baseline: RevisionAt | null;
  evidence_checks: EvidenceCheck[] | null;
  activities: HandoffReportActivity[];
}

export interface ReportSelection {
  project: ProjectDescriptor;
  include_archived: boolean;
  period: ReportPeriod | null;
  workstreams: SelectedWorkstream[];
  unassigned_activities: HandoffReportActivity[];
  activity_high_watermark: number;
}

function periodOf(request: GetHandoffReportRequest, project: ProjectDescriptor): ReportPeriod | null {
  const period = request.period;
  if (period === null || period === undefined) return null;
  const start = normalizeInstant("period.start", period.start);
  const end = normalizeInstant("period.end", period.end);
  if (start >= end) throw invalidField("period.end", "must be after period.start");
  const timezone = period.timezone ?? project.timezone;
  requireTimeZone("period.timezone", timezone);
  return { start, end, timezone, compare_to_previous_period: period.compare_to_previous_period ?? false };
}

/** The last revision committed before `instant` (the head when null), walking back at most MAX_HISTORY_STEPS. */
async function revisionAt(
  deps: Pick<DomainDeps, "store">,
  scopeId: string,
  instant: string | null,
): Promise<RevisionAt> {
  const head = await deps.store.getHandoffHead(scopeId);
  if (head === null) return { status: "none" };
  let current: HandoffRevision | null = head;
  for (let step = 0; current !== null && step <= MAX_HISTORY_STEPS; step += 1) {
    if (instant === null || current.committed_at < instant) return { status: "found", revision: current };
    if (current.revision === 1) return { status: "none" };
    current = await deps.store.getHandoffRevision(scopeId, current.revision - 1);
  }
  return current === null ? { status: "none" } : { status: "unknown" };
}

async function selectWorkstreams(deps: Pick<DomainDeps, "store">, projectId: string, includeArchived: boolean) {
  const workstreams = await deps.store.listReportWorkstreams(projectId, {
    after: null,
    limit: MAX_REPORT_WORKSTREAMS + 1,
    include_archived: includeArchived,
  });
  if (workstreams.length > MAX_REPORT_WORKSTREAMS)
    throw refusalError("report_too_large", { limit: "workstreams", maximum: MAX_REPORT_WORKSTREAMS });
  return workstreams;
}

async function selectActivities(deps: Pick<DomainDeps, "store">, projectId: string, period: ReportPeriod | null) {
  const listing = await deps.store.listReportActivities({
    project_id: projectId,
    after_cursor: 0,
    through_cursor: null,
    sources: null,
    period_start: period?.start ?? null,
    period_end: period?.end ?? null,
    limit: MAX_REPORT_ACTIVITIES + 1,
  });
  if (listing.items.length > MAX_REPORT_ACTIVITIES)
    throw refusalError("report_too_large", { limit: "activities", maximum: MAX_REPORT_ACTIVITIES });
  // Ordered by when they happened (events without a time last), then by when they were observed.
  const events = listing.items.map((item) => item.event);
  const key = (event: HandoffReportActivity) => [effectiveTime(event) ?? "~", event.observed_at, event.event_id].join();
  return {
    events: events.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
    high: listing.high_watermark,
  };
}

export async function selectReport(
  deps: Pick<DomainDeps, "store">,
  request: GetHandoffReportRequest,
): Promise<ReportSelection> {
  const project = await getProject(deps, request.project_id);
  const period = periodOf(request, project);
  const includeArchived = request.include_archived ?? false;
  const workstreams = await selectWorkstreams(deps, project.project_id, includeArchived);
  const activities = await selectActivities(deps, project.project_id, period);
  const scopes = new Set(workstreams.map((workstream) => workstream.scope_id));
  const selected: SelectedWorkstream[] = [];
  for (const workstream of workstreams) {
    const handoff = await revisionAt(deps, workstream.scope_id, period?.end ?? null);
    const checks =
      handoff.status === "found" && (request.include_evidence_checks ?? true)
        ? await evidenceChecks(deps, workstream.scope_id, handoff.revision.content as HandoffContent)
        : null;
    selected.push({
      workstream,
      handoff,
      baseline: period?.compare_to_previous_period ? await revisionAt(deps, workstream.scope_id, period.start) : null,
      evidence_checks: checks,
      activities: activities.events.filter((event) => event.scope_id === workstream.scope_id),
    });
  }
  return {
    project,
    include_archived: includeArchived,
    period,
    workstreams: selected,
    unassigned_activities: activities.events.filter((event) => event.scope_id === null || !scopes.has(event.scope_id)),
    activity_high_watermark: activities.high,
  };
}
