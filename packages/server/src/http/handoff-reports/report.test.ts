// get_handoff_report over HTTP on both stores: the canonical model and its Markdown come from one selection, the
// digests name it, a download is the document itself, periods select the revision of their end, and the limits hold.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { canonicalJson } from "@powercontext/protocol";
import { makeHandoffContent } from "../../store/contract/continuity.contract.ts";
import { makeWorkstream } from "../../store/contract/handoff-reports.contract.ts";
import {
  activityRequest,
  assertConforms,
  ENGINES,
  PROJECT_REQUEST,
  workstreamRequest,
} from "../../testing/handoff-report-fixtures.ts";
import { buildTestApp } from "../../testing/test-app.ts";

const sha = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

async function reportWorld(t: Parameters<typeof buildTestApp>[0], open: (typeof ENGINES)[keyof typeof ENGINES]) {
  const world = await buildTestApp(t, { store: await open() });
  const { post, store } = world;
  const project = (await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
  await post("/v1/handoff-reports/workstreams/register", workstreamRequest(project.project_id));
  await post("/v1/handoff-reports/workstreams/register", {
    ...workstreamRequest(project.project_id, "scope-idle"),
    key: null,
    title: "Idle work",
  });
  const content = makeHandoffContent("Finish the export");
  const commit = { scope_id: "scope-export", content, content_key: canonicalJson(content) };
  await store.commitHandoff({ ...commit, base_revision: null, now: "2026-11-20T00:00:00.000Z" });
  const second = makeHandoffContent("Verify the export");
  await store.commitHandoff({
    ...commit,
    content: second,
    content_key: canonicalJson(second),
    base_revision: 1,
    now: "2026-11-29T06:00:00.000Z",
  });
  await post("/v1/handoff-reports/activities/record", activityRequest(project.project_id));
  await post("/v1/handoff-reports/activities/record", {
    ...activityRequest(project.project_id, "elsewhere"),
    scope_id: null,
  });
  return { ...world, project };
}

for (const [engine, open] of Object.entries(ENGINES)) {
  test(`${engine}: a report projects each Workstream's latest Handoff and activities, with digests naming it`, async (t) => {
    const { post, app, project } = await reportWorld(t, open);
    const asJson = await post("/v1/handoff-reports/get", { project_id: project.project_id, format: "json" });
    assert.equal(asJson.status, 200);
    assertConforms("get_handoff_report", 200, asJson.json);
    const { report } = asJson.json;
    assert.equal(asJson.json.markdown, null);
    assert.deepEqual(
      [report.summary.workstreams, report.summary.continuable, report.summary.no_handoff, report.summary.activities],
      [2, 1, 1, 2],
    );
    const [exported, idle] = report.workstreams;
    assert.deepEqual(
      [exported.handoff.revision.revision, exported.handoff.content.objective],
      [2, "Verify the export"],
    );
    assert.equal(exported.handoff.trust, "untrusted_history");
    assert.equal(exported.evidence_checks[0].status, "unavailable", "the cited Source was never captured");
    assert.deepEqual([idle.work_status, idle.handoff, idle.activities], ["no_handoff", null, []]);
    assert.equal(report.unassigned_activities[0].source_event_id, "elsewhere");
    assert.equal(asJson.json.report_digest, sha(canonicalJson(report)));
    assert.equal(asJson.headers["cache-control"], "no-store");
    assert.equal(asJson.headers["x-powercontext-report-digest"], asJson.json.report_digest);
    assert.equal(asJson.headers["x-powercontext-selection-digest"], asJson.json.selection_digest);

    const markdown = await post("/v1/handoff-reports/get", { project_id: project.project_id });
    assertConforms("get_handoff_report", 200, markdown.json);
    assert.equal(markdown.json.format, "markdown", "Markdown is upstream's default format");
    assert.match(markdown.json.markdown, /^# Handoff Report: Export service/);
    assert.match(markdown.json.markdown, /Verify the export/);
    assert.equal(markdown.json.report_digest, sha(markdown.json.markdown));
    assert.equal(markdown.json.selection_digest, asJson.json.selection_digest, "one selection, two projections");
    const chinese = await post("/v1/handoff-reports/get", { project_id: project.project_id, locale: "zh-CN" });
    assert.match(chinese.json.markdown, /^# 交接报告/);
    assert.equal(chinese.json.selection_digest, asJson.json.selection_digest);
    assert.deepEqual((await post("/v1/handoff-reports/get", { project_id: project.project_id })).json, markdown.json);

    const download = await app.inject({
      method: "POST",
      url: "/v1/handoff-reports/get",
      headers: { "content-type": "application/json" },
      payload: { project_id: project.project_id, download: true },
    });
    assert.equal(download.statusCode, 200);
    assert.match(String(download.headers["content-type"]), /^text\/markdown/);
    assert.equal(download.headers["content-disposition"], 'attachment; filename="handoff-report.md"');
    assert.equal(download.body, markdown.json.markdown);
  });

  test(`${engine}: a period shows the revision committed before its end and compares with its start`, async (t) => {
    const { post, project } = await reportWorld(t, open);
    const period = { start: "2026-11-21T00:00:00Z", end: "2026-11-29T00:00:00Z", compare_to_previous_period: true };
    const answer = await post("/v1/handoff-reports/get", { project_id: project.project_id, format: "json", period });
    assertConforms("get_handoff_report", 200, answer.json);
    const [exported] = answer.json.report.workstreams;
    assert.equal(exported.handoff.revision.revision, 1, "revision 2 was committed after the period");
    assert.deepEqual(exported.comparison, {
      baseline_revision: 1,
      baseline_status: "known",
      baseline_work_status: "continuable",
      changed_in_period: false,
    });
    assert.equal(exported.activities.length, 1);
    const before = { start: "2026-11-01T00:00:00Z", end: "2026-11-10T00:00:00Z" };
    const early = await post("/v1/handoff-reports/get", {
      project_id: project.project_id,
      format: "json",
      period: before,
    });
    assert.equal(early.json.report.workstreams[0].work_status, "no_handoff");
    assert.notEqual(early.json.selection_digest, answer.json.selection_digest);
    const reversed = { start: before.end, end: before.start };
    const refused = await post("/v1/handoff-reports/get", { project_id: project.project_id, period: reversed });
    assert.deepEqual([refused.status, refused.json.error.code], [422, "invalid_request"]);
    const unknown = await post("/v1/handoff-reports/get", { project_id: "proj_missing" });
    assert.deepEqual([unknown.status, unknown.json.error.code], [404, "project_not_found"]);
  });
}

test("a report over more than 100 Workstreams is refused with 413 report_too_large", async (t) => {
  const { post, store } = await buildTestApp(t);
  const project = (await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
  for (let i = 0; i <= 100; i += 1) {
    const scope = `scope-${String(i).padStart(3, "0")}`;
    await store.registerReportWorkstream(makeWorkstream({ scope_id: scope, project_id: project.project_id }));
  }
  const answer = await post("/v1/handoff-reports/get", { project_id: project.project_id });
  assert.deepEqual([answer.status, answer.json.error.code], [413, "report_too_large"]);
  assertConforms("get_handoff_report", 413, answer.json);
});
