// Report Projects and Workstreams over HTTP on both stores: each operation's answer matches its response schema,
// conflicts and unknown ids get upstream's statuses and codes, and a refused write changes nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertConforms,
  catalogSnapshot,
  ENGINES,
  PROJECT_REQUEST,
  workstreamRequest,
} from "../../testing/handoff-report-fixtures.ts";
import { buildTestApp } from "../../testing/test-app.ts";
import { upstreamChecker } from "../../testing/upstream-schema.ts";

for (const [engine, open] of Object.entries(ENGINES)) {
  test(`${engine}: Projects are created with a Server id, read, listed by key and replaced at their version`, async (t) => {
    const { post, store } = await buildTestApp(t, { store: await open() });
    const created = await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST);
    assert.equal(created.status, 201);
    assertConforms("create_handoff_report_project", 201, created.json);
    const project = created.json;
    assert.deepEqual(
      [project.project_key, project.version, project.timezone, project.description],
      ["export", 1, "UTC", null],
    );
    const zh = await post("/v1/handoff-reports/projects/create", { project_key: "billing", title: "Billing" });
    assert.equal(zh.json.default_locale, "zh-CN");

    const before = await catalogSnapshot(store, [project.project_id]);
    const duplicate = await post("/v1/handoff-reports/projects/create", { ...PROJECT_REQUEST, title: "Other" });
    assert.deepEqual([duplicate.status, duplicate.json.error.code], [409, "project_conflict"]);
    assert.deepEqual(await catalogSnapshot(store, [project.project_id]), before);

    const got = await post("/v1/handoff-reports/projects/get", { project_id: project.project_id });
    assert.deepEqual([got.status, got.json], [200, project]);
    assertConforms("get_handoff_report_project", 200, got.json);
    const missing = await post("/v1/handoff-reports/projects/get", { project_id: "proj_missing" });
    assert.deepEqual([missing.status, missing.json.error.code], [404, "project_not_found"]);

    const firstPage = await post("/v1/handoff-reports/projects/list", { limit: 1 });
    assertConforms("list_handoff_report_projects", 200, firstPage.json);
    assert.deepEqual(
      firstPage.json.items.map((p: { project_key: string }) => p.project_key),
      ["billing"],
    );
    const secondPage = await post("/v1/handoff-reports/projects/list", {
      limit: 1,
      cursor: firstPage.json.next_cursor,
    });
    assert.deepEqual([secondPage.json.items[0].project_key, secondPage.json.next_cursor], ["export", null]);
    const forged = await post("/v1/handoff-reports/projects/list", { cursor: "not-a-cursor" });
    assert.deepEqual([forged.status, forged.json.error.code], [422, "invalid_request"]);

    const archived = { ...project, title: "Export (old)", catalog_state: "archived", version: 99 };
    const updated = await post("/v1/handoff-reports/projects/update", { project: archived, expected_version: 1 });
    assert.equal(updated.status, 200);
    assertConforms("update_handoff_report_project", 200, updated.json);
    assert.deepEqual([updated.json.version, updated.json.title], [2, "Export (old)"]);
    const listed = await post("/v1/handoff-reports/projects/list", {});
    assert.deepEqual(
      listed.json.items.map((p: { project_key: string }) => p.project_key),
      ["billing"],
    );
    const withArchived = await post("/v1/handoff-reports/projects/list", { include_archived: true });
    assert.equal(withArchived.json.items.length, 2);

    const afterUpdate = await catalogSnapshot(store, [project.project_id]);
    const stale = await post("/v1/handoff-reports/projects/update", { project: archived, expected_version: 1 });
    assert.deepEqual([stale.status, stale.json.error.code], [409, "project_conflict"]);
    assert.deepEqual(stale.json.error.details, { expected_version: 1, current_version: 2 });
    const keyClash = { ...updated.json, project_key: "billing" };
    const clash = await post("/v1/handoff-reports/projects/update", { project: keyClash, expected_version: 2 });
    assert.deepEqual([clash.status, clash.json.error.code], [409, "project_conflict"]);
    const unknown = { ...updated.json, project_id: "proj_missing" };
    const absent = await post("/v1/handoff-reports/projects/update", { project: unknown, expected_version: 2 });
    assert.deepEqual([absent.status, absent.json.error.code], [404, "project_not_found"]);
    assert.deepEqual(await catalogSnapshot(store, [project.project_id]), afterUpdate);
  });

  test(`${engine}: a scope is a Workstream of one Project, listed by scope and replaced at its version`, async (t) => {
    const { post, store } = await buildTestApp(t, { store: await open() });
    const project = (await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
    const other = (await post("/v1/handoff-reports/projects/create", { project_key: "b", title: "B" })).json;
    const registered = await post("/v1/handoff-reports/workstreams/register", workstreamRequest(project.project_id));
    assert.equal(registered.status, 201);
    assertConforms("register_handoff_report_workstream", 201, registered.json);
    assert.deepEqual([registered.json.catalog_state, registered.json.version], ["included", 1]);

    const before = await catalogSnapshot(store, [project.project_id, other.project_id]);
    const elsewhere = await post("/v1/handoff-reports/workstreams/register", workstreamRequest(other.project_id));
    assert.deepEqual([elsewhere.status, elsewhere.json.error.code], [409, "scope_already_grouped"]);
    const sameKey = workstreamRequest(project.project_id, "scope-other");
    const keyTaken = await post("/v1/handoff-reports/workstreams/register", sameKey);
    assert.deepEqual([keyTaken.status, keyTaken.json.error.code], [409, "workstream_conflict"]);
    const noProject = await post("/v1/handoff-reports/workstreams/register", workstreamRequest("proj_missing", "s"));
    assert.deepEqual([noProject.status, noProject.json.error.code], [404, "project_not_found"]);
    const padded = { ...workstreamRequest(project.project_id, "scope-pad"), key: null, title: " Padded" };
    const blank = await post("/v1/handoff-reports/workstreams/register", padded);
    assert.deepEqual([blank.status, blank.json.error.code], [422, "invalid_request"]);
    assert.deepEqual(await catalogSnapshot(store, [project.project_id, other.project_id]), before);

    await post("/v1/handoff-reports/workstreams/register", { ...sameKey, key: null, title: "Other work" });
    const listed = await post("/v1/handoff-reports/workstreams/list", { project_id: project.project_id, limit: 1 });
    assertConforms("list_handoff_report_workstreams", 200, listed.json);
    assert.equal(listed.json.items[0].scope_id, "scope-export");
    const rest = await post("/v1/handoff-reports/workstreams/list", {
      project_id: project.project_id,
      cursor: listed.json.next_cursor,
    });
    assert.deepEqual([rest.json.items[0].scope_id, rest.json.next_cursor], ["scope-other", null]);
    const unknownProject = await post("/v1/handoff-reports/workstreams/list", { project_id: "proj_missing" });
    assert.deepEqual([unknownProject.status, unknownProject.json.error.code], [404, "project_not_found"]);

    const archived = { ...registered.json, catalog_state: "archived", labels: ["storage", "q4"] };
    const updated = await post("/v1/handoff-reports/workstreams/update", { workstream: archived, expected_version: 1 });
    assert.equal(updated.status, 200);
    assertConforms("update_handoff_report_workstream", 200, updated.json);
    assert.equal(updated.json.version, 2);
    const stale = await post("/v1/handoff-reports/workstreams/update", { workstream: archived, expected_version: 1 });
    assert.deepEqual([stale.status, stale.json.error.code], [409, "workstream_conflict"]);
    const moved = { ...updated.json, project_id: other.project_id };
    const move = await post("/v1/handoff-reports/workstreams/update", { workstream: moved, expected_version: 2 });
    assert.deepEqual([move.status, move.json.error.code], [409, "scope_already_grouped"]);
    const ghost = { ...updated.json, scope_id: "scope-ghost" };
    const notGrouped = await post("/v1/handoff-reports/workstreams/update", { workstream: ghost, expected_version: 2 });
    assert.deepEqual([notGrouped.status, notGrouped.json.error.code], [404, "scope_not_grouped"]);
  });
}

const upstream = upstreamChecker();

test("the upstream check that assertConforms adds refuses what upstream's schemas refuse", {
  skip: upstream === null,
}, () => {
  assert.notEqual(upstream?.("ProjectDescriptor", { schema: "powercontext.project.v1" }), null);
  assert.notEqual(upstream?.("HandoffReportResponse", { format: "pdf", report: null, markdown: null }), null);
  assert.throws(() => assertConforms("purge_handoff_report_activities", 200, { deleted_count: -1 }));
});
