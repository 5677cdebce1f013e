// The canonical report model: a pure projection of one selection. Handoff content is quoted exactly as committed and
// marked untrusted history; activities are untrusted observations. The same selection and locale give the same model
// byte for byte (no generation time inside), so its digest names the report.
import { contentDigest, HANDOFF_REPORT_SCHEMA, type ReportLocale } from "@powercontext/protocol";
import type { RevisionAt, ReportSelection, SelectedWorkstream } from "./report-selection.ts";

export type WorkStatus = "continuable" | "blocked" | "complete" | "no_handoff" | "unknown";

export function workStatusOf(handoff: RevisionAt): WorkStatus {
  if (handoff.status === "none") return "no_handoff";
  if (handoff.status === "unknown") return "unknown";
  return handoff.revision.content.disposition as WorkStatus;
}

function revisionNumber(at: RevisionAt | null): number | null | "unknown" {
  if (at === null || at.status === "none") return null;
  return at.status === "unknown" ? "unknown" : at.revision.revision;
}

function handoffOf(at: RevisionAt) {
  if (at.status !== "found") return null;
  const { revision, content, committed_at } = at.revision;
  return {
    trust: "untrusted_history",
    revision: { family: "handoff", artifact_id: "handoff", revision },
    committed_at,
    content,
  };
}

function comparisonOf(entry: SelectedWorkstream) {
  if (entry.baseline === null) return null;
  const baseline = revisionNumber(entry.baseline);
  const end = revisionNumber(entry.handoff);
  const known = baseline !== "unknown" && end !== "unknown";
  return {
    baseline_revision: baseline === "unknown" ? null : baseline,
    baseline_status: entry.baseline.status === "unknown" ? "baseline_unknown" : "known",
    baseline_work_status: workStatusOf(entry.baseline),
    changed_in_period: known ? baseline !== end : null,
  };
}

function workstreamEntry(entry: SelectedWorkstream) {
  const checks = entry.evidence_checks;
  return {
    workstream: entry.workstream,
    work_status: workStatusOf(entry.handoff),
    handoff_selection: entry.handoff.status,
    handoff: handoffOf(entry.handoff),
    evidence_checks: checks ?? "not_checked",
    unavailable_evidence_statements: checks === null ? null : checks.filter((c) => c.status === "unavailable").length,
    comparison: comparisonOf(entry),
    activities: entry.activities,
  };
}

function countOf(entries: readonly SelectedWorkstream[], status: WorkStatus): number {
  return entries.filter((entry) => workStatusOf(entry.handoff) === status).length;
}

export function buildReportModel(selection: ReportSelection, locale: ReportLocale): Record<string, unknown> {
  const entries = selection.workstreams;
  const activityCount = entries.reduce((sum, entry) => sum + entry.activities.length, 0);
  return {
    schema: HANDOFF_REPORT_SCHEMA,
    locale,
    project: selection.project,
    include_archived: selection.include_archived,
    period: selection.period,
    activity_high_watermark: selection.activity_high_watermark,
    summary: {
      workstreams: entries.length,
      continuable: countOf(entries, "continuable"),
      blocked: countOf(entries, "blocked"),
      complete: countOf(entries, "complete"),
      no_handoff: countOf(entries, "no_handoff"),
      unknown: countOf(entries, "unknown"),
      activities: activityCount + selection.unassigned_activities.length,
      unassigned_activities: selection.unassigned_activities.length,
    },
    workstreams: entries.map(workstreamEntry),
    unassigned_activities: selection.unassigned_activities,
  };
}

/** Names exactly what was selected, whatever the locale or format: Project version, revisions and activities. */
export function selectionDigest(selection: ReportSelection, includeEvidenceChecks: boolean): string {
  return contentDigest({
    project_id: selection.project.project_id,
    project_version: selection.project.version,
    include_archived: selection.include_archived,
    include_evidence_checks: includeEvidenceChecks,
    period: selection.period,
    workstreams: selection.workstreams.map((entry) => [
      entry.workstream.scope_id,
      entry.workstream.version,
      revisionNumber(entry.handoff),
      revisionNumber(entry.baseline),
    ]),
    activities: [...selection.workstreams.flatMap((entry) => entry.activities), ...selection.unassigned_activities]
      .map((event) => event.event_id)
      .sort(),
    activity_high_watermark: selection.activity_high_watermark,
  });
}
