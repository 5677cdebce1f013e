// `powercontext handoff-report …` against the configured Server: the Report catalog (Projects, Workstreams), a
// Project's activities and its Handoff Report. Each command returns the Server's answer; the describers word it.
import type {
  HandoffReportActivityPage,
  HandoffReportResponse,
  ProjectDescriptor,
  ProjectPage,
  ReportLocale,
  WorkstreamDescriptor,
  WorkstreamKind,
  WorkstreamPage,
} from "@powercontext/protocol";
import { callOk, type ServerTarget } from "./server-client.ts";

export interface PageOptions {
  cursor?: string;
  limit?: number;
  includeArchived?: boolean;
}

export function listProjectsCommand(target: ServerTarget, options: PageOptions): Promise<ProjectPage> {
  return callOk(target, "list_handoff_report_projects", {
    cursor: options.cursor ?? null,
    limit: options.limit ?? 50,
    include_archived: options.includeArchived ?? false,
  });
}

export function getProjectCommand(target: ServerTarget, projectId: string): Promise<ProjectDescriptor> {
  return callOk(target, "get_handoff_report_project", { project_id: projectId });
}

export function createProjectCommand(
  target: ServerTarget,
  options: { key: string; title: string; description?: string; locale?: ReportLocale; timezone?: string },
): Promise<ProjectDescriptor> {
  return callOk(target, "create_handoff_report_project", {
    project_key: options.key,
    title: options.title,
    description: options.description ?? null,
    ...(options.locale === undefined ? {} : { default_locale: options.locale }),
    ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
  });
}

export function listWorkstreamsCommand(
  target: ServerTarget,
  projectId: string,
  options: PageOptions,
): Promise<WorkstreamPage> {
  return callOk(target, "list_handoff_report_workstreams", {
    project_id: projectId,
    cursor: options.cursor ?? null,
    limit: options.limit ?? 50,
    include_archived: options.includeArchived ?? false,
  });
}

export function registerWorkstreamCommand(
  target: ServerTarget,
  projectId: string,
  options: { scope: string; title: string; kind: WorkstreamKind; key?: string },
): Promise<WorkstreamDescriptor> {
  return callOk(target, "register_handoff_report_workstream", {
    project_id: projectId,
    scope_id: options.scope,
    title: options.title,
    kind: options.kind,
    key: options.key ?? null,
  });
}

export function listActivitiesCommand(
  target: ServerTarget,
  projectId: string,
  options: { after?: number; limit?: number },
): Promise<HandoffReportActivityPage> {
  return callOk(target, "list_handoff_report_activities", {
    project_id: projectId,
    after_cursor: options.after ?? 0,
    limit: options.limit ?? 50,
  });
}

export interface ReportOptions {
  format?: "json" | "markdown";
  locale?: ReportLocale;
  includeArchived?: boolean;
  evidenceChecks?: boolean;
  /** A period as two date-times; both or neither. */
  from?: string;
  to?: string;
  compare?: boolean;
}

export function getReportCommand(
  target: ServerTarget,
  projectId: string,
  options: ReportOptions,
): Promise<HandoffReportResponse> {
  const period =
    options.from === undefined || options.to === undefined
      ? null
      : { start: options.from, end: options.to, compare_to_previous_period: options.compare ?? false };
  return callOk(target, "get_handoff_report", {
    project_id: projectId,
    format: options.format ?? "markdown",
    locale: options.locale ?? null,
    include_archived: options.includeArchived ?? false,
    include_evidence_checks: options.evidenceChecks ?? true,
    period,
  });
}

const more = (cursor: string | number | null): string[] =>
  cursor === null ? [] : [`More: --cursor ${String(cursor)}`];

/** One Project a line: key, id, version, state and title. */
export function describeProjects(page: ProjectPage): string {
  if (page.items.length === 0) return "No Report Projects.";
  const lines = page.items.map(
    (p) => `${p.project_key}  ${p.project_id}  v${p.version}  ${p.catalog_state}  ${p.title}`,
  );
  return [...lines, ...more(page.next_cursor)].join("\n");
}

export function describeProject(project: ProjectDescriptor): string {
  return [
    `${project.title} (${project.project_key})`,
    `id: ${project.project_id}  version: ${project.version}  state: ${project.catalog_state}`,
    `locale: ${project.default_locale}  timezone: ${project.timezone}`,
    ...(project.description === null ? [] : [project.description]),
  ].join("\n");
}

/** One Workstream a line: scope, kind, version, state and title. */
export function describeWorkstreams(page: WorkstreamPage): string {
  if (page.items.length === 0) return "No Workstreams.";
  const lines = page.items.map((w) => `${w.scope_id}  ${w.kind}  v${w.version}  ${w.catalog_state}  ${w.title}`);
  return [...lines, ...more(page.next_cursor)].join("\n");
}

export function describeWorkstream(workstream: WorkstreamDescriptor): string {
  return `${workstream.scope_id} is Workstream "${workstream.title}" of ${workstream.project_id} (v${workstream.version}).`;
}

/** One activity a line: cursor order, time, source, id and title. */
export function describeActivities(page: HandoffReportActivityPage): string {
  if (page.items.length === 0) return `No activities (high watermark ${page.high_watermark}).`;
  const lines = page.items.map((e) =>
    `${e.occurred_at ?? e.observed_at}  ${e.source}  ${e.source_event_id}  ${e.title ?? ""}`.trimEnd(),
  );
  return [...lines, ...(page.next_cursor === null ? [] : [`More: --after ${page.next_cursor}`])].join("\n");
}

/** The Markdown as it is; a JSON-format report as its canonical JSON, then its digests. */
export function describeReport(report: HandoffReportResponse): string {
  const body = report.markdown ?? JSON.stringify(report.report, null, 2);
  return `${body}\n\nselection ${report.selection_digest}\nreport ${report.report_digest}`;
}
