// What only PostgreSQL could get wrong in the Handoff Report family: two stores (two Servers) on one database racing
// to write the catalog. The catalog lock makes each check and its write one step, so no race gives a 5xx (a unique
// violation) or a second winner.
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeProject } from "../contract/handoff-reports.contract.ts";
import { freshSchemaUrl, openTestPostgresStore } from "../../testing/postgres.ts";
import type { NewReportActivity } from "../types.ts";
import { openPostgresStore } from "./postgres-store.ts";

function activity(eventId: string): NewReportActivity {
  return {
    event: {
      schema: "powercontext.handoff-report-activity.v1",
      event_id: eventId,
      project_id: "proj-a",
      scope_id: null,
      source: "git_commit",
      source_event_id: "same-commit",
      source_ref: null,
      occurred_at: null,
      observed_at: "2026-11-29T12:00:00.000Z",
      time_basis: "unknown",
      title: null,
      summary: null,
      agent: null,
      session_id: null,
      vcs_context: null,
      evidence_refs: [],
      trust: "untrusted_observation",
    },
    content_key: "same",
    effective_at: null,
  };
}

test("two stores on one database racing for one project key and one activity identity get one winner", async (t) => {
  const url = freshSchemaUrl();
  const first = await openTestPostgresStore(url);
  t.after(() => first.close());
  const second = await openPostgresStore(url);
  t.after(() => second.close());
  const stores = [first, second];
  const creates = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      stores[i % 2]?.createReportProject(makeProject({ project_id: `proj-${i}`, project_key: "same" })),
    ),
  );
  assert.equal(creates.filter((result) => result?.status === "written").length, 1);
  assert.equal(creates.filter((result) => result?.status === "key_taken").length, 19);
  const records = await Promise.all(
    Array.from({ length: 20 }, (_, i) => stores[i % 2]?.recordReportActivity(activity(`evt-${i}`))),
  );
  assert.equal(records.filter((result) => result?.status === "recorded").length, 1);
  const cursors = new Set(records.map((result) => (result?.status === "conflict" ? -1 : result?.stored.cursor)));
  assert.equal(cursors.size, 1, "every duplicate answers the one recorded activity");
});
