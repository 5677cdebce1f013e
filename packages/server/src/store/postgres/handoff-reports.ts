// The Handoff Report catalog and activities on PostgreSQL. Every write first takes one transaction-scoped advisory
// lock for the catalog of this schema, so checks (versions, unique keys, idempotent records) and the write they
// allow are one step for every Server sharing the database, and activity cursors become visible in cursor order.
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
import type { Sql } from "./sql.ts";

type DescriptorRow = { descriptor: string };
type ActivityRow = { position: number; content_key: string; event: string };

const parse = <T>(row: DescriptorRow): T => JSON.parse(row.descriptor) as T;
const toStored = (row: ActivityRow): StoredHandoffReportActivity => ({
  cursor: row.position,
  event: JSON.parse(row.event) as HandoffReportActivity,
});

async function lockCatalog(sql: Sql): Promise<void> {
  await sql.run(
    "SELECT pg_advisory_xact_lock(hashtextextended('powercontext.report_catalog.' || current_schema(), 0))",
  );
}

async function getReportProject(sql: Sql, projectId: string): Promise<ProjectDescriptor | null> {
  const row = await sql.row<DescriptorRow>("SELECT descriptor FROM report_project WHERE project_id = $1", [projectId]);
  return row ? parse<ProjectDescriptor>(row) : null;
}

async function writeReportProject(
  sql: Sql,
  project: ProjectDescriptor,
  expected: number | null,
): Promise<ProjectWriteResult> {
  await lockCatalog(sql);
  const current = await sql.row<{ version: number }>("SELECT version FROM report_project WHERE project_id = $1", [
    project.project_id,
  ]);
  const owner = await sql.row<{ project_id: string }>("SELECT project_id FROM report_project WHERE project_key = $1", [
    project.project_key,
  ]);
  const refusal = refuseProjectWrite(project, {
    current_version: current?.version ?? null,
    expected,
    key_owner: owner?.project_id ?? null,
  });
  if (refusal) return refusal;
  await sql.run(
    `INSERT INTO report_project (project_id, project_key, catalog_state, version, descriptor) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id) DO UPDATE SET project_key = excluded.project_key,
       catalog_state = excluded.catalog_state, version = excluded.version, descriptor = excluded.descriptor`,
    [project.project_id, project.project_key, project.catalog_state, project.version, JSON.stringify(project)],
  );
  return { status: "written", project };
}

async function listReportProjects(sql: Sql, query: CatalogPageQuery): Promise<ProjectDescriptor[]> {
  const rows = await sql.rows<DescriptorRow>(
    `SELECT descriptor FROM report_project WHERE project_key > $1 AND ($2 OR catalog_state = 'included')
     ORDER BY project_key LIMIT $3`,
    [query.after ?? "", query.include_archived, query.limit],
  );
  return rows.map((row) => parse<ProjectDescriptor>(row));
}

async function getReportWorkstream(sql: Sql, scopeId: string): Promise<WorkstreamDescriptor | null> {
  const row = await sql.row<DescriptorRow>("SELECT descriptor FROM report_workstream WHERE scope_id = $1", [scopeId]);
  return row ? parse<WorkstreamDescriptor>(row) : null;
}

async function writeReportWorkstream(
  sql: Sql,
  workstream: WorkstreamDescriptor,
  expected: number | null,
): Promise<WorkstreamWriteResult> {
  await lockCatalog(sql);
  const owner =
    workstream.key === null
      ? undefined
      : await sql.row<{ scope_id: string }>(
          "SELECT scope_id FROM report_workstream WHERE project_id = $1 AND key = $2",
          [workstream.project_id, workstream.key],
        );
  const refusal = refuseWorkstreamWrite(workstream, {
    current: await getReportWorkstream(sql, workstream.scope_id),
    expected,
    key_owner: owner?.scope_id ?? null,
  });
  if (refusal) return refusal;
  await sql.run(
    `INSERT INTO report_workstream (scope_id, project_id, key, catalog_state, version, descriptor)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (scope_id) DO UPDATE SET key = excluded.key, catalog_state = excluded.catalog_state,
       version = excluded.version, descriptor = excluded.descriptor`,
    [
      workstream.scope_id,
      workstream.project_id,
      workstream.key,
      workstream.catalog_state,
      workstream.version,
      JSON.stringify(workstream),
    ],
  );
  return { status: "written", workstream };
}

async function listReportWorkstreams(
  sql: Sql,
  projectId: string,
  query: CatalogPageQuery,
): Promise<WorkstreamDescriptor[]> {
  const rows = await sql.rows<DescriptorRow>(
    `SELECT descriptor FROM report_workstream WHERE project_id = $1 AND scope_id > $2
       AND ($3 OR catalog_state = 'included') ORDER BY scope_id LIMIT $4`,
    [projectId, query.after ?? "", query.include_archived, query.limit],
  );
  return rows.map((row) => parse<WorkstreamDescriptor>(row));
}

async function recordReportActivity(sql: Sql, activity: NewReportActivity): Promise<ActivityRecordResult> {
  await lockCatalog(sql);
  const { event } = activity;
  const identity = [event.project_id, event.source, event.source_event_id];
  const existing = await sql.row<ActivityRow>(
    "SELECT position, content_key, event FROM report_activity WHERE project_id = $1 AND source = $2 AND source_event_id = $3",
    identity,
  );
  if (existing) {
    const stored = toStored(existing);
    return existing.content_key === activity.content_key
      ? { status: "duplicate", stored }
      : { status: "conflict", stored };
  }
  const inserted = await sql.row<{ position: number }>(
    `INSERT INTO report_activity (project_id, source, source_event_id, content_key, observed_at, effective_at, event)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING position`,
    [...identity, activity.content_key, event.observed_at, activity.effective_at, JSON.stringify(event)],
  );
  if (!inserted) throw new Error("an activity insert returned no position");
  return { status: "recorded", stored: { cursor: inserted.position, event } };
}

async function listReportActivities(sql: Sql, query: ActivityQuery): Promise<ActivityListing> {
  const top = await sql.row<{ top: number | null }>(
    "SELECT max(position) AS top FROM report_activity WHERE project_id = $1",
    [query.project_id],
  );
  const high = Math.min(top?.top ?? 0, query.through_cursor ?? Number.MAX_SAFE_INTEGER);
  const rows = await sql.rows<ActivityRow>(
    `SELECT position, content_key, event FROM report_activity
     WHERE project_id = $1 AND position > $2 AND position <= $3
       AND ($4::text[] IS NULL OR source = ANY($4::text[]))
       AND ($5::text IS NULL OR effective_at >= $5) AND ($6::text IS NULL OR effective_at < $6)
     ORDER BY position LIMIT $7`,
    [query.project_id, query.after_cursor, high, query.sources, query.period_start, query.period_end, query.limit],
  );
  return { items: rows.map(toStored), high_watermark: high };
}

async function purgeReportActivities(sql: Sql, projectId: string, observedBefore: string): Promise<number> {
  await lockCatalog(sql);
  return sql.run("DELETE FROM report_activity WHERE project_id = $1 AND observed_at < $2", [projectId, observedBefore]);
}

async function getWorkspaceBinding(sql: Sql, workspaceId: string): Promise<HandoffReportWorkspaceBinding | null> {
  const row = await sql.row<DescriptorRow>(
    "SELECT binding AS descriptor FROM report_workspace_binding WHERE workspace_instance_id = $1",
    [workspaceId],
  );
  return row ? parse<HandoffReportWorkspaceBinding>(row) : null;
}

async function writeWorkspaceBinding(
  sql: Sql,
  binding: HandoffReportWorkspaceBinding,
  expected: number | null,
): Promise<BindingWriteResult> {
  await lockCatalog(sql);
  const current = await getWorkspaceBinding(sql, binding.workspace_instance_id);
  const refusal = refuseBindingWrite(current?.version ?? null, expected);
  if (refusal) return refusal;
  await sql.run(
    `INSERT INTO report_workspace_binding (workspace_instance_id, version, binding) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_instance_id) DO UPDATE SET version = excluded.version, binding = excluded.binding`,
    [binding.workspace_instance_id, binding.version, JSON.stringify(binding)],
  );
  return { status: "written" };
}

/** The family's Store operations: `read` runs on the pool, `write` in a transaction. */
export function postgresHandoffReportOperations(
  read: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>,
  write: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>,
): HandoffReportOperations {
  return {
    createReportProject: (project) => write((sql) => writeReportProject(sql, project, null)),
    updateReportProject: (project, expected) => write((sql) => writeReportProject(sql, project, expected)),
    getReportProject: (projectId) => read((sql) => getReportProject(sql, projectId)),
    listReportProjects: (query) => read((sql) => listReportProjects(sql, query)),
    registerReportWorkstream: (workstream) => write((sql) => writeReportWorkstream(sql, workstream, null)),
    updateReportWorkstream: (workstream, expected) => write((sql) => writeReportWorkstream(sql, workstream, expected)),
    getReportWorkstream: (scopeId) => read((sql) => getReportWorkstream(sql, scopeId)),
    listReportWorkstreams: (projectId, query) => read((sql) => listReportWorkstreams(sql, projectId, query)),
    recordReportActivity: (activity) => write((sql) => recordReportActivity(sql, activity)),
    listReportActivities: (query) => read((sql) => listReportActivities(sql, query)),
    purgeReportActivities: (projectId, before) => write((sql) => purgeReportActivities(sql, projectId, before)),
    getWorkspaceBinding: (workspaceId) => read((sql) => getWorkspaceBinding(sql, workspaceId)),
    writeWorkspaceBinding: (binding, expected) => write((sql) => writeWorkspaceBinding(sql, binding, expected)),
  };
}
