// Report activities and Workspace bindings over HTTP on both stores: idempotent records, frozen cursor pages,
// purges, and bindings attached, read and detached at their versions.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  activityRequest,
  assertConforms,
  attachRequest,
  catalogSnapshot,
  ENGINES,
  PROJECT_REQUEST,
} from "../../testing/handoff-report-fixtures.ts";
import { buildTestApp } from "../../testing/test-app.ts";

for (const [engine, open] of Object.entries(ENGINES)) {
  test(`${engine}: an activity is recorded once per source event, listed by cursor and purged by observation`, async (t) => {
    const { post, store, clock } = await buildTestApp(t, { store: await open() });
    const project = (await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
    const recorded = await post("/v1/handoff-reports/activities/record", activityRequest(project.project_id));
    assert.equal(recorded.status, 201);
    assertConforms("record_handoff_report_activity", 201, recorded.json);
    assert.equal(recorded.json.event.occurred_at, "2026-11-28T08:00:00.000Z", "stored as one UTC instant");
    assert.deepEqual(recorded.json.event.vcs_context, { branch: "export-pg", head_revision: null });
    const replay = await post("/v1/handoff-reports/activities/record", activityRequest(project.project_id));
    assert.deepEqual([replay.status, replay.json], [201, recorded.json]);

    const before = await catalogSnapshot(store, [project.project_id]);
    const changed = { ...activityRequest(project.project_id), title: "Something else" };
    const conflict = await post("/v1/handoff-reports/activities/record", changed);
    assert.deepEqual([conflict.status, conflict.json.error.code], [409, "activity_conflict"]);
    const noProject = await post("/v1/handoff-reports/activities/record", activityRequest("proj_missing"));
    assert.deepEqual([noProject.status, noProject.json.error.code], [404, "project_not_found"]);
    const emptyVcs = { ...activityRequest(project.project_id, "commit-x"), vcs_context: {} };
    const invalid = await post("/v1/handoff-reports/activities/record", emptyVcs);
    assert.deepEqual([invalid.status, invalid.json.error.code], [422, "invalid_request"]);
    assert.deepEqual(await catalogSnapshot(store, [project.project_id]), before);

    const session = { ...activityRequest(project.project_id, "s-1"), source: "coding_session", occurred_at: null };
    await post("/v1/handoff-reports/activities/record", { ...session, time_basis: "unknown" });
    await post("/v1/handoff-reports/activities/record", activityRequest(project.project_id, "commit-2"));
    const page = await post("/v1/handoff-reports/activities/list", { project_id: project.project_id, limit: 2 });
    assertConforms("list_handoff_report_activities", 200, page.json);
    assert.deepEqual([page.json.items.length, page.json.next_cursor, page.json.high_watermark], [2, 2, 3]);
    const rest = await post("/v1/handoff-reports/activities/list", {
      project_id: project.project_id,
      after_cursor: page.json.next_cursor,
      through_cursor: page.json.high_watermark,
    });
    assert.deepEqual(
      rest.json.items.map((e: { source_event_id: string }) => e.source_event_id),
      ["commit-2"],
    );
    const inPeriod = await post("/v1/handoff-reports/activities/list", {
      project_id: project.project_id,
      period_start: "2026-11-28T00:00:00Z",
      period_end: "2026-11-29T00:00:00Z",
      sources: ["git_commit"],
    });
    assert.equal(inPeriod.json.items.length, 2, "the session without a time is in no period");
    const noList = await post("/v1/handoff-reports/activities/list", { project_id: "proj_missing" });
    assert.deepEqual([noList.status, noList.json.error.code], [404, "project_not_found"]);
    const backwards = await post("/v1/handoff-reports/activities/list", {
      project_id: project.project_id,
      period_start: "2026-11-29T00:00:00Z",
      period_end: "2026-11-28T00:00:00Z",
    });
    assert.deepEqual([backwards.status, backwards.json.error.code], [422, "invalid_request"]);

    const later = new Date(clock.now().getTime() + 1000).toISOString();
    const purged = await post("/v1/handoff-reports/activities/purge", {
      project_id: project.project_id,
      observed_before: later,
    });
    assert.deepEqual([purged.status, purged.json], [200, { deleted_count: 3 }]);
    assertConforms("purge_handoff_report_activities", 200, purged.json);
    const gone = await post("/v1/handoff-reports/activities/purge", {
      project_id: "proj_missing",
      observed_before: later,
    });
    assert.deepEqual([gone.status, gone.json.error.code], [404, "project_not_found"]);
  });

  test(`${engine}: a workspace is attached, read, re-attached and detached only at its version`, async (t) => {
    const { post, store } = await buildTestApp(t, { store: await open() });
    const project = (await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
    const unbound = await post("/v1/handoff-reports/workspace-bindings/get", { workspace_instance_id: "ws-laptop-1" });
    assert.deepEqual([unbound.status, unbound.json.error.code], [404, "workspace_not_bound"]);
    const attached = await post("/v1/handoff-reports/workspace-bindings/attach", attachRequest(project.project_id));
    assert.equal(attached.status, 200);
    assertConforms("attach_handoff_report_workspace", 200, attached.json);
    assert.deepEqual([attached.json.state, attached.json.version], ["confirmed", 1]);
    const got = await post("/v1/handoff-reports/workspace-bindings/get", { workspace_instance_id: "ws-laptop-1" });
    assert.deepEqual([got.status, got.json], [200, attached.json]);
    assertConforms("get_handoff_report_workspace", 200, got.json);

    const before = await catalogSnapshot(store, [project.project_id]);
    const again = await post("/v1/handoff-reports/workspace-bindings/attach", attachRequest(project.project_id));
    assert.deepEqual([again.status, again.json.error.code], [409, "workspace_binding_conflict"]);
    const noProject = await post("/v1/handoff-reports/workspace-bindings/attach", attachRequest("proj_missing", 1));
    assert.deepEqual([noProject.status, noProject.json.error.code], [404, "project_not_found"]);
    const secret = attachRequest(project.project_id, 1);
    secret.repository_ref.normalized_remote = "https://user:token@github.com/acme/export";
    const credentials = await post("/v1/handoff-reports/workspace-bindings/attach", secret);
    assert.deepEqual([credentials.status, credentials.json.error.code], [422, "invalid_request"]);
    assert.equal(JSON.stringify(credentials.json).includes("token@"), false, "the credential is not echoed");
    const climbingRef = attachRequest(project.project_id, 1);
    climbingRef.repository_ref.subpath = "../../etc";
    const climbing = await post("/v1/handoff-reports/workspace-bindings/attach", climbingRef);
    assert.deepEqual([climbing.status, climbing.json.error.code], [422, "invalid_request"]);
    const stale = await post("/v1/handoff-reports/workspace-bindings/detach", {
      workspace_instance_id: "ws-laptop-1",
      expected_version: 5,
    });
    assert.deepEqual([stale.status, stale.json.error.code], [409, "workspace_binding_conflict"]);
    assert.deepEqual(await catalogSnapshot(store, [project.project_id]), before);

    const detached = await post("/v1/handoff-reports/workspace-bindings/detach", {
      workspace_instance_id: "ws-laptop-1",
      expected_version: 1,
    });
    assertConforms("detach_handoff_report_workspace", 200, detached.json);
    assert.deepEqual([detached.json.state, detached.json.version], ["detached", 2]);
    const afterDetach = await post("/v1/handoff-reports/workspace-bindings/get", {
      workspace_instance_id: "ws-laptop-1",
    });
    assert.equal(afterDetach.status, 404);
    const twice = await post("/v1/handoff-reports/workspace-bindings/detach", {
      workspace_instance_id: "ws-laptop-1",
      expected_version: 2,
    });
    assert.deepEqual([twice.status, twice.json.error.code], [404, "workspace_not_bound"]);
    const reattached = await post(
      "/v1/handoff-reports/workspace-bindings/attach",
      attachRequest(project.project_id, 2),
    );
    assert.deepEqual([reattached.json.state, reattached.json.version], ["confirmed", 3]);
  });
}
