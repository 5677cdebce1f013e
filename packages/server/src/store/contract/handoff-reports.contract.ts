// The Handoff Report catalog and activities every adapter must keep: unique project keys, version checks, one
// Project per scope, idempotent activity records with cursors that only grow, filtered pages, purges and bindings.
import assert from "node:assert/strict";
import type {
  HandoffReportActivity,
  HandoffReportWorkspaceBinding,
  ProjectDescriptor,
  WorkstreamDescriptor,
} from "@powercontext/protocol";
import type { ActivityQuery, NewReportActivity, Store } from "../types.ts";
import { NOW, describeContract, type ContractTests } from "./builders.ts";

export function makeProject(overrides: Partial<ProjectDescriptor> = {}): ProjectDescriptor {
  return {
    schema: "powercontext.project.v1",
    project_id: "proj-a",
    project_key: "alpha",
    title: "Alpha",
    description: null,
    default_locale: "en",
    timezone: "UTC",
    catalog_state: "included",
    version: 1,
    ...overrides,
  };
}

export function makeWorkstream(overrides: Partial<WorkstreamDescriptor> = {}): WorkstreamDescriptor {
  return {
    schema: "powercontext.workstream.v1",
    scope_id: "scope-a",
    project_id: "proj-a",
    key: null,
    title: "Export",
    kind: "feature",
    catalog_state: "included",
    external_refs: [],
    labels: [],
    version: 1,
    ...overrides,
  };
}

function activity(sourceEventId: string, overrides: Partial<HandoffReportActivity> = {}): NewReportActivity {
  const event: HandoffReportActivity = {
    schema: "powercontext.handoff-report-activity.v1",
    event_id: `evt-${sourceEventId}`,
    project_id: "proj-a",
    scope_id: null,
    source: "git_commit",
    source_event_id: sourceEventId,
    source_ref: null,
    occurred_at: "2026-11-20T10:00:00.000Z",
    observed_at: NOW,
    time_basis: "source_reported",
    title: null,
    summary: null,
    agent: null,
    session_id: null,
    vcs_context: null,
    evidence_refs: [],
    trust: "untrusted_observation",
    ...overrides,
  };
  return { event, content_key: JSON.stringify([event.source_event_id, event.title]), effective_at: event.occurred_at };
}

function binding(version: number, state: "confirmed" | "detached" = "confirmed"): HandoffReportWorkspaceBinding {
  return {
    schema: "powercontext.workspace-binding.v1",
    workspace_instance_id: "ws-1",
    project_id: "proj-a",
    repository_ref: { provider: "local", repository_id: null, normalized_remote: null, subpath: null },
    state,
    confirmed_at: NOW,
    version,
  };
}

const page = (after: string | null, limit = 10, include_archived = false) => ({ after, limit, include_archived });

const HANDOFF_REPORT_TESTS: ContractTests = {
  "creates Projects with unique keys, reads them back and pages them by key": async (store) => {
    assert.equal((await store.createReportProject(makeProject())).status, "written");
    assert.deepEqual(await store.createReportProject(makeProject({ project_id: "proj-b" })), {
      status: "key_taken",
      project_id: "proj-a",
    });
    await store.createReportProject(makeProject({ project_id: "proj-c", project_key: "charlie" }));
    await store.createReportProject(
      makeProject({ project_id: "proj-b", project_key: "bravo", catalog_state: "archived" }),
    );
    assert.deepEqual(await store.getReportProject("proj-a"), makeProject());
    assert.equal(await store.getReportProject("proj-x"), null);
    const keys = async (query: ReturnType<typeof page>) =>
      (await store.listReportProjects(query)).map((project) => project.project_key);
    assert.deepEqual(await keys(page(null)), ["alpha", "charlie"]);
    assert.deepEqual(await keys(page(null, 10, true)), ["alpha", "bravo", "charlie"]);
    assert.deepEqual(await keys(page("alpha", 1, true)), ["bravo"]);
  },

  "updates a Project only at its expected version and never onto another Project's key": async (store) => {
    await store.createReportProject(makeProject());
    await store.createReportProject(makeProject({ project_id: "proj-b", project_key: "bravo" }));
    const renamed = makeProject({ title: "Alpha 2", version: 2 });
    assert.deepEqual(await store.updateReportProject(renamed, 3), { status: "version_conflict", current_version: 1 });
    assert.deepEqual(await store.updateReportProject(makeProject({ project_key: "bravo", version: 2 }), 1), {
      status: "key_taken",
      project_id: "proj-b",
    });
    assert.deepEqual(await store.updateReportProject(makeProject({ project_id: "proj-x", version: 2 }), 1), {
      status: "not_found",
    });
    assert.equal((await store.updateReportProject(renamed, 1)).status, "written");
    assert.deepEqual(await store.getReportProject("proj-a"), renamed);
  },

  "groups a scope under one Project only, with keys unique within the Project": async (store) => {
    await store.createReportProject(makeProject());
    await store.createReportProject(makeProject({ project_id: "proj-b", project_key: "bravo" }));
    assert.equal((await store.registerReportWorkstream(makeWorkstream({ key: "exp" }))).status, "written");
    assert.deepEqual(await store.registerReportWorkstream(makeWorkstream({ project_id: "proj-b" })), {
      status: "scope_taken",
      project_id: "proj-a",
    });
    assert.deepEqual(await store.registerReportWorkstream(makeWorkstream({ scope_id: "scope-b", key: "exp" })), {
      status: "key_taken",
      scope_id: "scope-a",
    });
    const other = makeWorkstream({ scope_id: "scope-c", project_id: "proj-b", key: "exp" });
    assert.equal((await store.registerReportWorkstream(other)).status, "written");
    const moved = makeWorkstream({ project_id: "proj-b", key: "exp", version: 2 });
    assert.deepEqual(await store.updateReportWorkstream(moved, 1), { status: "scope_taken", project_id: "proj-a" });
    assert.deepEqual(await store.updateReportWorkstream(makeWorkstream({ version: 2 }), 2), {
      status: "version_conflict",
      current_version: 1,
    });
    const archived = makeWorkstream({ key: "exp", catalog_state: "archived", version: 2 });
    assert.equal((await store.updateReportWorkstream(archived, 1)).status, "written");
    assert.deepEqual(await store.getReportWorkstream("scope-a"), archived);
    assert.deepEqual(await store.listReportWorkstreams("proj-a", page(null)), []);
    assert.deepEqual(await store.listReportWorkstreams("proj-a", page(null, 10, true)), [archived]);
  },

  "records an activity once per identity and refuses the same identity with other content": async (store) => {
    const first = await store.recordReportActivity(activity("c1"));
    assert.equal(first.status, "recorded");
    const again = await store.recordReportActivity(activity("c1", { event_id: "evt-other", observed_at: "later" }));
    assert.equal(again.status, "duplicate");
    assert.deepEqual(again.status === "duplicate" && again.stored, first.status === "recorded" && first.stored);
    const changed = await store.recordReportActivity(activity("c1", { title: "Changed" }));
    assert.equal(changed.status, "conflict");
    const other = await store.recordReportActivity(activity("c1", { source: "coding_session" }));
    assert.equal(other.status, "recorded");
  },

  "pages activities by cursor within a period and for some sources, and purges by observation time": async (store) => {
    await store.recordReportActivity(activity("a", { occurred_at: "2026-11-01T00:00:00.000Z" }));
    await store.recordReportActivity(activity("b", { source: "coding_session" }));
    await store.recordReportActivity({
      ...activity("c", { occurred_at: null, time_basis: "unknown" }),
      effective_at: null,
    });
    await store.recordReportActivity(activity("d", { project_id: "proj-b", observed_at: "2026-11-30T00:00:00.000Z" }));
    const query: ActivityQuery = {
      project_id: "proj-a",
      after_cursor: 0,
      through_cursor: null,
      sources: null,
      period_start: null,
      period_end: null,
      limit: 10,
    };
    const ids = async (overrides: Partial<ActivityQuery>) => {
      const listing = await store.listReportActivities({ ...query, ...overrides });
      return [listing.items.map((item) => item.event.source_event_id), listing.high_watermark];
    };
    assert.deepEqual(await ids({}), [["a", "b", "c"], 3]);
    assert.deepEqual(await ids({ after_cursor: 1, limit: 1 }), [["b"], 3]);
    assert.deepEqual(await ids({ through_cursor: 2 }), [["a", "b"], 2]);
    assert.deepEqual(await ids({ sources: ["git_commit"] }), [["a", "c"], 3]);
    assert.deepEqual(await ids({ period_start: "2026-11-10T00:00:00.000Z" }), [["b"], 3]);
    assert.deepEqual(await ids({ period_end: "2026-11-10T00:00:00.000Z" }), [["a"], 3]);
    assert.deepEqual(await ids({ project_id: "proj-none" }), [[], 0]);
    assert.equal(await store.purgeReportActivities("proj-a", "2026-11-29T12:00:00.001Z"), 3);
    assert.deepEqual(await ids({}), [[], 0]);
    const next = await store.recordReportActivity(activity("e"));
    assert.equal(next.status === "recorded" && next.stored.cursor, 5, "cursors are never reused");
  },

  "writes a Workspace binding only at the version it expects": async (store) => {
    assert.equal(await store.getWorkspaceBinding("ws-1"), null);
    assert.deepEqual(await store.writeWorkspaceBinding(binding(1), 1), {
      status: "version_conflict",
      current_version: null,
    });
    assert.deepEqual(await store.writeWorkspaceBinding(binding(1), null), { status: "written" });
    assert.deepEqual(await store.writeWorkspaceBinding(binding(2), null), {
      status: "version_conflict",
      current_version: 1,
    });
    assert.deepEqual(await store.writeWorkspaceBinding(binding(2, "detached"), 1), { status: "written" });
    assert.deepEqual(await store.getWorkspaceBinding("ws-1"), binding(2, "detached"));
  },
};

export function handoffReportsContract(open: () => Promise<Store>): void {
  describeContract("handoff reports", open, HANDOFF_REPORT_TESTS);
}
