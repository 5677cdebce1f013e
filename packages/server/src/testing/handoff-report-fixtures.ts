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

export const ENGINES = {
  sqlite: () => openSqliteStore(":memory:"),
  postgres: () => openTestPostgresStore(),
} as const satisfies Record<string, () => Promise<Store>>;

const validators = new Map<TSchema, ReturnType<typeof Compile>>();

/** Asserts that `body` is what `operation` may answer with `status`, by the operation table's schema. */
export function assertConforms(operation: OperationId, status: number, body: unknown): void {
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
