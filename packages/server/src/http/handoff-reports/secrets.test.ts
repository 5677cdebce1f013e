// The planted-secret corpus sent through the Handoff Report writes: a secret in a Project's description, a
// Workstream's title or an activity's summary is refused with 422 secret_rejected, and nothing is stored.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildPlanted } from "../../../../protocol/test-fixtures/secrets/planted.ts";
import { createRandom } from "../../../../protocol/test-fixtures/secrets/random.ts";
import {
  activityRequest,
  catalogSnapshot,
  PROJECT_REQUEST,
  workstreamRequest,
} from "../../testing/handoff-report-fixtures.ts";
import { buildTestApp } from "../../testing/test-app.ts";

const PLANTED = buildPlanted(createRandom(20261202));

test("a secret in any Handoff Report write is refused with secret_rejected and nothing is stored", async (t) => {
  const { post, store } = await buildTestApp(t);
  const project = (await post("/v1/handoff-reports/projects/create", PROJECT_REQUEST)).json;
  const before = await catalogSnapshot(store, [project.project_id]);
  let refused = 0;
  for (const planted of PLANTED) {
    const text = planted.text.trim();
    if ([...text].length > 256) continue;
    for (const [url, body] of [
      ["/v1/handoff-reports/projects/create", { project_key: "p2", title: "T", description: text }],
      ["/v1/handoff-reports/workstreams/register", { ...workstreamRequest(project.project_id, "s2"), title: text }],
      ["/v1/handoff-reports/activities/record", { ...activityRequest(project.project_id, "c9"), summary: text }],
    ] as const) {
      const response = await post(url, body);
      assert.deepEqual(
        [response.status, response.json.error?.code],
        [422, "secret_rejected"],
        `${url} ${planted.family}`,
      );
      assert.equal(JSON.stringify(response.json).includes(planted.secret), false, "the secret is not echoed");
      refused += 1;
    }
  }
  assert.ok(refused >= 30, `only ${refused} refusals: the corpus was not exercised`);
  assert.deepEqual(await catalogSnapshot(store, [project.project_id]), before);
});
