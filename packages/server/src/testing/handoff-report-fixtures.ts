// Test support for the Handoff Report operations: a valid request for each, a check that an answer matches the
// operation's response schema in the operation table (upstream's schemas, transcribed), and a snapshot of the
// catalog to prove that a refused request changed nothing.
import assert from "node:assert/strict";
import type { OperationId } from "@powercontext/protocol";
import { OPERATIONS } from "@powercontext/protocol/operations";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import type { Store } from "../store/types.ts";
import { openTestPostgresStore } from "./postgres.ts";
import { openSqliteStore } from "../store/sqlite/index.ts";
import { upstreamChecker } from "./upstream-schema.ts";
import { buildTestApp } from "./test-app.ts";

export const ENGINES = {
  sqlite: () => openSqliteStore(":memory:"),
  postgres: () => openTestPostgresStore(),
} as const satisfies Record<string, () => Promise<Store>>;

const validators = new Map<TSchema, ReturnType<typeof Compile>>();
const upstream = upstreamChecker();

/** Upstream's component schema of each Handoff Report operation's success answer. */
const UPSTREAM_SUCCESS: Partial<Record<OperationId, string>> = {
  create_handoff_report_project: "ProjectDescriptor",
  list_handoff_report_projects: "ProjectPage",
  get_handoff_report_project: "ProjectDescriptor",
  update_handoff_report_project: "ProjectDescriptor",
  register_handoff_report_workstream: "WorkstreamDescriptor",
  list_handoff_report_workstreams: "WorkstreamPage",
  update_handoff_report_workstream: "WorkstreamDescriptor",
  get_handoff_report: "HandoffReportResponse",
  record_handoff_report_activity: "StoredHandoffReportActivity",
  list_handoff_report_activities: "HandoffReportActivityPage",
  purge_handoff_report_activities: "PurgeHandoffReportActivitiesResponse",
  get_handoff_report_workspace: "HandoffReportWorkspaceBinding",
  attach_handoff_report_workspace: "HandoffReportWorkspaceBinding",
  detach_handoff_report_workspace: "HandoffReportWorkspaceBinding",
};

/**
 * Asserts that `body` is what `operation` may answer with `status`: by the operation table's schema, and, where
 * upstream's document is on this machine (testing/upstream-schema.ts), by upstream's own component schema too.
 */
export function assertConforms(operation: OperationId, status: number, body: unknown): void {
  const upstreamName = status < 300 ? UPSTREAM_SUCCESS[operation] : "ErrorResponse";
  if (upstream !== null && upstreamName !== undefined) {
    assert.equal(upstream(upstreamName, body), null, `upstream ${upstreamName}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  const schema = (OPERATIONS[operation].response as Record<number, TSchema | undefined>)[status];
  assert.ok(schema, `${operation} declares no ${status} answer`);
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  const errors = [...validator.Errors(body)].slice(0, 3);
  assert.deepEqual(errors, [], `${operation} ${status}: ${JSON.stringify(body).slice(0, 300)}`);
}

export const PROJECT_REQUEST = { project_key: "export", title: "Export service", default_locale: "en" } as const;

export const workstreamRequest = (projectId: string, scopeId = "scope-export") => ({
  project_id: projectId,
  scope_id: scopeId,
  key: "exp",
  title: "Move the export to PostgreSQL",
  kind: "feature",
  external_refs: [{ kind: "issue", provider: "github", external_id: "42", url: null }],
  labels: ["storage"],
});

export const activityRequest = (projectId: string, sourceEventId = "commit-1") => ({
  project_id: projectId,
  scope_id: "scope-export",
  source: "git_commit",
  source_event_id: sourceEventId,
  occurred_at: "2026-11-28T09:00:00+01:00",
  time_basis: "source_reported",
  title: "Switch the export writer",
  vcs_context: { branch: "export-pg" },
});

export const attachRequest = (projectId: string, expected: number | null = null) => ({
  workspace_instance_id: "ws-laptop-1",
  project_id: projectId,
  repository_ref: {
    provider: "github",
    repository_id: null,
    normalized_remote: "https://github.com/acme/export",
    subpath: "services/export",
  },
  expected_version: expected,
});

/** Everything the catalog holds that a request could change, read through the store. */
export async function catalogSnapshot(store: Store, projectIds: readonly string[]): Promise<unknown> {
  const everything = { after: null, limit: 1000, include_archived: true };
  const projects = await store.listReportProjects(everything);
  const perProject = await Promise.all(
    projectIds.map(async (id) => ({
      workstreams: await store.listReportWorkstreams(id, everything),
      activities: await store.listReportActivities({
        project_id: id,
        after_cursor: 0,
        through_cursor: null,
        sources: null,
        period_start: null,
        period_end: null,
        limit: 1000,
      }),
    })),
  );
  return { projects, perProject, binding: await store.getWorkspaceBinding("ws-laptop-1") };
}

/** A catalog with one of everything, and a valid body for each operation against it. */
export async function handoffReportWorld(t: Parameters<typeof buildTestApp>[0], store?: Store) {
  const app = await buildTestApp(t, store === undefined ? {} : { store });
  const project = (await app.post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
  const id = project.project_id as string;
  const workstream = (await app.post("/v1/handoff-reports/workstreams/register", workstreamRequest(id))).json;
  await app.post("/v1/handoff-reports/activities/record", activityRequest(id));
  await app.post("/v1/handoff-reports/workspace-bindings/attach", attachRequest(id));
  const valid: Record<string, Record<string, unknown>> = {
    create_handoff_report_project: { project_key: "new", title: "New", description: "d", timezone: "UTC" },
    list_handoff_report_projects: { limit: 5, include_archived: true },
    get_handoff_report_project: { project_id: id },
    update_handoff_report_project: { project: { ...project, title: "Renamed" }, expected_version: 1 },
    register_handoff_report_workstream: { ...workstreamRequest(id, "scope-new"), key: "new" },
    list_handoff_report_workstreams: { project_id: id, limit: 5 },
    update_handoff_report_workstream: { workstream: { ...workstream, title: "Renamed" }, expected_version: 1 },
    get_handoff_report: { project_id: id, format: "json" },
    record_handoff_report_activity: { ...activityRequest(id, "commit-new"), summary: "s" },
    list_handoff_report_activities: { project_id: id, after_cursor: 0, through_cursor: 1, limit: 5 },
    purge_handoff_report_activities: { project_id: id, observed_before: "2026-01-01T00:00:00Z" },
    get_handoff_report_workspace: { workspace_instance_id: "ws-laptop-1" },
    attach_handoff_report_workspace: attachRequest(id, 1),
    detach_handoff_report_workspace: { workspace_instance_id: "ws-laptop-1", expected_version: 1 },
  };
  return { app, id, valid };
}
