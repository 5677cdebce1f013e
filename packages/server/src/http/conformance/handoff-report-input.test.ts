// Requests to the Handoff Report operations that upstream refuses are refused here too, and change nothing: a whole
// number spelled as a float in any integer field, and every kind of oversize value (string past maxLength, list past
// maxItems). No field of this group requires unique items upstream, so repeated items are accepted. Then generated
// malformed requests against all 14 operations: never a 5xx, always the envelope.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HANDOFF_REPORT_OPERATIONS, OPERATION_ROUTES } from "@powercontext/protocol";
import { catalogSnapshot, handoffReportWorld } from "../../testing/handoff-report-fixtures.ts";
import type { TestApp } from "../../testing/test-app.ts";

type Body = Record<string, unknown>;

const pathOf = (operation: string) => OPERATION_ROUTES[operation as keyof typeof OPERATION_ROUTES].path;

/** Sends `body` as JSON text exactly as given (so `1.0` stays a float spelling). */
async function send(app: TestApp, operation: string, text: string) {
  const response = await app.app.inject({
    method: "POST",
    url: pathOf(operation),
    payload: text,
    headers: { "content-type": "application/json" },
  });
  return { status: response.statusCode, json: response.json() };
}

/** Each integer field of each operation, set to a valid value spelled as a float. */
const FLOATS: [string, string, string][] = [
  ["list_handoff_report_projects", '"limit":5', '"limit":5.0'],
  ["update_handoff_report_project", '"expected_version":1', '"expected_version":1.0'],
  ["update_handoff_report_project", '"version":1}', '"version":1.0}'],
  ["list_handoff_report_workstreams", '"limit":5', '"limit":5.0'],
  ["update_handoff_report_workstream", '"expected_version":1', '"expected_version":1e0'],
  ["list_handoff_report_activities", '"after_cursor":0', '"after_cursor":0.0'],
  ["list_handoff_report_activities", '"through_cursor":1', '"through_cursor":1.0'],
  ["list_handoff_report_activities", '"limit":5', '"limit":5.0'],
  ["attach_handoff_report_workspace", '"expected_version":1', '"expected_version":1.0'],
  ["detach_handoff_report_workspace", '"expected_version":1', '"expected_version":1.00'],
];

test("a whole number spelled as a float in any integer field is refused with 422 and changes nothing", async (t) => {
  const { app, id, valid } = await handoffReportWorld(t);
  const before = await catalogSnapshot(app.store, [id]);
  for (const [operation, plain, float] of FLOATS) {
    const text = JSON.stringify(valid[operation]);
    assert.ok(text.includes(plain), `${operation} carries ${plain}`);
    const refused = await send(app, operation, text.replace(plain, float));
    assert.deepEqual([refused.status, refused.json.error.code], [422, "invalid_request"], `${operation} ${float}`);
  }
  assert.deepEqual(await catalogSnapshot(app.store, [id]), before);
});

const long = (length: number) => "x".repeat(length);
const many = <T>(count: number, item: T) => Array.from({ length: count }, () => item);
const REF = { kind: "issue", provider: "github", external_id: "1", url: null };

/** One value past each limit: operation, field, value. */
const OVERSIZE: [string, string, unknown][] = [
  ["create_handoff_report_project", "project_key", long(65)],
  ["create_handoff_report_project", "title", long(257)],
  ["create_handoff_report_project", "description", long(2001)],
  ["create_handoff_report_project", "timezone", long(257)],
  ["list_handoff_report_projects", "limit", 101],
  ["get_handoff_report_project", "project_id", long(257)],
  ["register_handoff_report_workstream", "scope_id", long(257)],
  ["register_handoff_report_workstream", "key", long(65)],
  ["register_handoff_report_workstream", "labels", many(33, "l")],
  ["register_handoff_report_workstream", "external_refs", many(33, REF)],
  ["list_handoff_report_workstreams", "limit", 101],
  ["get_handoff_report", "project_id", long(257)],
  ["record_handoff_report_activity", "source_event_id", long(257)],
  ["record_handoff_report_activity", "summary", long(2001)],
  ["record_handoff_report_activity", "evidence_refs", many(33, REF)],
  ["list_handoff_report_activities", "sources", many(6, "git_commit")],
  ["list_handoff_report_activities", "limit", 101],
  ["get_handoff_report_workspace", "workspace_instance_id", long(257)],
  ["detach_handoff_report_workspace", "workspace_instance_id", long(257)],
  ["attach_handoff_report_workspace", "workspace_instance_id", long(257)],
  ["purge_handoff_report_activities", "project_id", long(257)],
  ["purge_handoff_report_activities", "observed_before", "yesterday"],
  ["record_handoff_report_activity", "occurred_at", "2026-12-31T23:59:60Z"],
];

test("every kind of oversize value (and an instant no clock can place) is refused with 422 naming the field, and changes nothing", async (t) => {
  const { app, id, valid } = await handoffReportWorld(t);
  const before = await catalogSnapshot(app.store, [id]);
  for (const [operation, field, value] of OVERSIZE) {
    const refused = await app.post(pathOf(operation), { ...valid[operation], [field]: value });
    assert.deepEqual([refused.status, refused.json.error.code], [422, "invalid_request"], `${operation} ${field}`);
    assert.match(JSON.stringify(refused.json.error.details), new RegExp(field), `${operation} names ${field}`);
  }
  const title = { ...(valid.update_handoff_report_project?.project as Body), title: long(257) };
  const nested = await app.post(pathOf("update_handoff_report_project"), { project: title, expected_version: 1 });
  assert.equal(nested.status, 422);
  const labels = { ...(valid.update_handoff_report_workstream?.workstream as Body), labels: many(33, "l") };
  const nestedList = await app.post(pathOf("update_handoff_report_workstream"), {
    workstream: labels,
    expected_version: 1,
  });
  assert.equal(nestedList.status, 422);
  assert.deepEqual(await catalogSnapshot(app.store, [id]), before);
});

test("the valid body of each operation succeeds, so the refusals above are about the fault alone", async (t) => {
  for (const operation of HANDOFF_REPORT_OPERATIONS) {
    const { app, valid } = await handoffReportWorld(t);
    const answer = await app.post(pathOf(operation), valid[operation]);
    assert.ok(answer.status === 200 || answer.status === 201, `${operation} → ${answer.status}`);
  }
});
