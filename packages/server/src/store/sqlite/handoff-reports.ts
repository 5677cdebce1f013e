// The Handoff Report catalog and activities on SQLite. Descriptors are stored as JSON beside the columns that are
// searched or checked; each write runs inside the caller's transaction (see sqlite-store.ts).
import type { DatabaseSync } from "node:sqlite";
import type {
  HandoffReportActivity,
  HandoffReportWorkspaceBinding,
  ProjectDescriptor,
  StoredHandoffReportActivity,
  WorkstreamDescriptor,
} from "@powercontext/protocol";
import { refuseBindingWrite, refuseProjectWrite, refuseWorkstreamWrite } from "../report-catalog-rules.ts";
import type {
  ActivityListing,
  ActivityQuery,
  ActivityRecordResult,
  BindingWriteResult,
  CatalogPageQuery,
  HandoffReportOperations,
  NewReportActivity,
  ProjectWriteResult,
  WorkstreamWriteResult,
} from "../types.ts";
import { stmt } from "./statements.ts";

type DescriptorRow = { descriptor: string };
type ActivityRow = { position: number; content_key: string; event: string };

const parse = <T>(row: DescriptorRow): T => JSON.parse(row.descriptor) as T;
const toStored = (row: ActivityRow): StoredHandoffReportActivity => ({
  cursor: row.position,
  event: JSON.parse(row.event) as HandoffReportActivity,
});

export function getReportProject(db: DatabaseSync, projectId: string): ProjectDescriptor | null {
  const row = stmt(db, "SELECT descriptor FROM report_project WHERE project_id = ?").get(projectId) as
    | DescriptorRow
    | undefined;
  return row ? parse<ProjectDescriptor>(row) : null;
}

export function writeReportProject(
  db: DatabaseSync,
  project: ProjectDescriptor,
  expected: number | null,
): ProjectWriteResult {
  const current = stmt(db, "SELECT version FROM report_project WHERE project_id = ?").get(project.project_id) as
    | { version: number }
    | undefined;
  const owner = stmt(db, "SELECT project_id FROM report_project WHERE project_key = ?").get(project.project_key) as
    | { project_id: string }
    | undefined;
  const refusal = refuseProjectWrite(project, {
    current_version: current?.version ?? null,
    expected,
    key_owner: owner?.project_id ?? null,
  });
  if (refusal) return refusal;
  stmt(
    db,
    `INSERT INTO report_project (project_id, project_key, catalog_state, version, descriptor) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (project_id) DO UPDATE SET project_key = excluded.project_key,
       catalog_state = excluded.catalog_state, version = excluded.version, descriptor = excluded.descriptor`,
  ).run(project.project_id, project.project_key, project.catalog_state, project.version, JSON.stringify(project));
  return { status: "written", project };
}

export function listReportProjects(db: DatabaseSync, query: CatalogPageQuery): ProjectDescriptor[] {
  const rows = stmt(
    db,
    `SELECT descriptor FROM report_project WHERE project_key > ? AND (? OR catalog_state = 'included')
     ORDER BY project_key LIMIT ?`,
  ).all(query.after ?? "", query.include_archived ? 1 : 0, query.limit) as DescriptorRow[];
  return rows.map((row) => parse<ProjectDescriptor>(row));
}

export function getReportWorkstream(db: DatabaseSync, scopeId: string): WorkstreamDescriptor | null {
  const row = stmt(db, "SELECT descriptor FROM report_workstream WHERE scope_id = ?").get(scopeId) as
    | DescriptorRow
    | undefined;
  return row ? parse<WorkstreamDescriptor>(row) : null;
}

export function writeReportWorkstream(
  db: DatabaseSync,
  workstream: WorkstreamDescriptor,
  expected: number | null,
): WorkstreamWriteResult {
  const owner =
    workstream.key === null
      ? undefined
      : (stmt(db, "SELECT scope_id FROM report_workstream WHERE project_id = ? AND key = ?").get(
          workstream.project_id,
          workstream.key,
        ) as { scope_id: string } | undefined);
  const refusal = refuseWorkstreamWrite(workstream, {
    current: getReportWorkstream(db, workstream.scope_id),
    expected,
    key_owner: owner?.scope_id ?? null,
  });
  if (refusal) return refusal;
  stmt(
    db,
    `INSERT INTO report_workstream (scope_id, project_id, key, catalog_state, version, descriptor)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope_id) DO UPDATE SET key = excluded.key, catalog_state = excluded.catalog_state,
       version = excluded.version, descriptor = excluded.descriptor`,
  ).run(
    workstream.scope_id,
    workstream.project_id,
    workstream.key,
    workstream.catalog_state,
    workstream.version,
    JSON.stringify(workstream),
  );
  return { status: "written", workstream };
}

export function listReportWorkstreams(
  db: DatabaseSync,
  projectId: string,
  query: CatalogPageQuery,
): WorkstreamDescriptor[] {
  const rows = stmt(
    db,
    `SELECT descriptor FROM report_workstream WHERE project_id = ? AND scope_id > ?
       AND (? OR catalog_state = 'included') ORDER BY scope_id LIMIT ?`,
  ).all(projectId, query.after ?? "", query.include_archived ? 1 : 0, query.limit) as DescriptorRow[];
  return rows.map((row) => parse<WorkstreamDescriptor>(row));
}

export function recordReportActivity(db: DatabaseSync, activity: NewReportActivity): ActivityRecordResult {
  const { event } = activity;
  const identity = [event.project_id, event.source, event.source_event_id] as const;
  const existing = stmt(
    db,
    "SELECT position, content_key, event FROM report_activity WHERE project_id = ? AND source = ? AND source_event_id = ?",
  ).get(...identity) as ActivityRow | undefined;
  if (existing) {
    const stored = toStored(existing);
    return existing.content_key === activity.content_key
      ? { status: "duplicate", stored }
      : { status: "conflict", stored };
  }
  const inserted = stmt(
    db,
    `INSERT INTO report_activity (project_id, source, source_event_id, content_key, observed_at, effective_at, event)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING position`,
  ).get(...identity, activity.content_key, event.observed_at, activity.effective_at, JSON.stringify(event)) as {
    position: number;
  };
  return { status: "recorded", stored: { cursor: inserted.position, event } };
}

export function listReportActivities(db: DatabaseSync, query: ActivityQuery): ActivityListing {
  const top = stmt(db, "SELECT max(position) AS top FROM report_activity WHERE project_id = ?").get(
    query.project_id,
  ) as {
    top: number | null;
  };
  const high = Math.min(top.top ?? 0, query.through_cursor ?? Number.MAX_SAFE_INTEGER);
  const rows = stmt(
    db,
    `SELECT position, content_key, event FROM report_activity
     WHERE project_id = ? AND position > ? AND position <= ?
       AND (? IS NULL OR source IN (SELECT value FROM json_each(?)))
       AND (? IS NULL OR effective_at >= ?) AND (? IS NULL OR effective_at < ?)
     ORDER BY position LIMIT ?`,
  ).all(
    query.project_id,
    query.after_cursor,
    high,
    query.sources === null ? null : 1,
    JSON.stringify(query.sources ?? []),
    query.period_start,
    query.period_start,
    query.period_end,
    query.period_end,
    query.limit,
  ) as ActivityRow[];
  return { items: rows.map(toStored), high_watermark: high };
}

export function purgeReportActivities(db: DatabaseSync, projectId: string, observedBefore: string): number {
  const result = stmt(db, "DELETE FROM report_activity WHERE project_id = ? AND observed_at < ?").run(
    projectId,
    observedBefore,
  );
  return Number(result.changes);
}

export function getWorkspaceBinding(db: DatabaseSync, workspaceId: string): HandoffReportWorkspaceBinding | null {
  const row = stmt(
    db,
    "SELECT binding AS descriptor FROM report_workspace_binding WHERE workspace_instance_id = ?",
  ).get(workspaceId) as DescriptorRow | undefined;
  return row ? parse<HandoffReportWorkspaceBinding>(row) : null;
}

export function writeWorkspaceBinding(
  db: DatabaseSync,
  binding: HandoffReportWorkspaceBinding,
  expected: number | null,
): BindingWriteResult {
  const refusal = refuseBindingWrite(getWorkspaceBinding(db, binding.workspace_instance_id)?.version ?? null, expected);
  if (refusal) return refusal;
  stmt(
    db,
    `INSERT INTO report_workspace_binding (workspace_instance_id, version, binding) VALUES (?, ?, ?)
     ON CONFLICT (workspace_instance_id) DO UPDATE SET version = excluded.version, binding = excluded.binding`,
  ).run(binding.workspace_instance_id, binding.version, JSON.stringify(binding));
  return { status: "written" };
}

/** The family's Store operations over `db`, each a read or a write transaction of the store. */
export function sqliteHandoffReportOperations(
  db: DatabaseSync,
  read: <T>(work: () => T) => Promise<T>,
  write: <T>(work: () => T) => Promise<T>,
): HandoffReportOperations {
  return {
    createReportProject: (project) => write(() => writeReportProject(db, project, null)),
    updateReportProject: (project, expected) => write(() => writeReportProject(db, project, expected)),
    getReportProject: (projectId) => read(() => getReportProject(db, projectId)),
    listReportProjects: (query) => read(() => listReportProjects(db, query)),
    registerReportWorkstream: (workstream) => write(() => writeReportWorkstream(db, workstream, null)),
    updateReportWorkstream: (workstream, expected) => write(() => writeReportWorkstream(db, workstream, expected)),
    getReportWorkstream: (scopeId) => read(() => getReportWorkstream(db, scopeId)),
    listReportWorkstreams: (projectId, query) => read(() => listReportWorkstreams(db, projectId, query)),
    recordReportActivity: (activity) => write(() => recordReportActivity(db, activity)),
    listReportActivities: (query) => read(() => listReportActivities(db, query)),
    purgeReportActivities: (projectId, before) => write(() => purgeReportActivities(db, projectId, before)),
    getWorkspaceBinding: (workspaceId) => read(() => getWorkspaceBinding(db, workspaceId)),
    writeWorkspaceBinding: (binding, expected) => write(() => writeWorkspaceBinding(db, binding, expected)),
  };
}
