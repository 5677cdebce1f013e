// The Handoff Report group behind its Server setting, as upstream has it: on (our default), all 14 operations are
// served and documented; off, their paths are unknown (404 not_found, not 405), absent from the OpenAPI document,
// and /v1/capabilities is the same, since it advertises nothing of the group either way.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HANDOFF_REPORT_OPERATIONS, HANDOFF_REPORT_PATH_PREFIX, OPERATION_ROUTES } from "@powercontext/protocol";
import { loadConfig } from "../../config.ts";
import { buildTestApp } from "../../testing/test-app.ts";

const paths = HANDOFF_REPORT_OPERATIONS.map((id) => OPERATION_ROUTES[id].path);

async function documentedPaths(app: Awaited<ReturnType<typeof buildTestApp>>["app"]): Promise<string[]> {
  const document = (await app.inject({ method: "GET", url: "/openapi.json" })).json() as { paths: object };
  return Object.keys(document.paths);
}

test("the group has upstream's 14 operations, all under /v1/handoff-reports/", () => {
  assert.equal(HANDOFF_REPORT_OPERATIONS.length, 14);
  for (const path of paths) assert.ok(path.startsWith(HANDOFF_REPORT_PATH_PREFIX), path);
});

test("POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED is on by default and takes the shared switch words", () => {
  assert.equal(loadConfig({}).handoffReports, true);
  assert.equal(loadConfig({ POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED: "false" }).handoffReports, false);
  assert.equal(loadConfig({ POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED: " OFF " }).handoffReports, false);
  assert.equal(loadConfig({ POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED: "1" }).handoffReports, true);
  assert.throws(
    () => loadConfig({ POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED: "maybe" }),
    /POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED must be true or false/,
  );
});

test("with the group on, every operation answers (an empty body: 422) and is in the OpenAPI document", async (t) => {
  const { app, post } = await buildTestApp(t);
  const documented = await documentedPaths(app);
  for (const path of paths) {
    assert.equal((await post(path, {})).status, path.endsWith("/projects/list") ? 200 : 422, path);
    assert.ok(documented.includes(path), path);
  }
});

test("with the group off, its paths are unknown (404 not_found) and undocumented; capabilities do not change", async (t) => {
  const on = await buildTestApp(t);
  const off = await buildTestApp(t, { handoffReports: false });
  const documented = await documentedPaths(off.app);
  for (const path of paths) {
    const answer = await off.post(path, { project_id: "p" });
    assert.deepEqual([answer.status, answer.json.error.code], [404, "not_found"], path);
    const get = await off.app.inject({ method: "GET", url: path });
    assert.equal(get.statusCode, 404, `GET ${path}`);
    assert.equal(documented.includes(path), false, path);
  }
  assert.ok(documented.includes("/v1/handoff/commit"), "the Handoff family itself stays");
  const capabilities = async (app: typeof on.app) =>
    (await app.inject({ method: "GET", url: "/v1/capabilities" })).json();
  assert.deepEqual(await capabilities(off.app), await capabilities(on.app));
  assert.equal(JSON.stringify(await capabilities(on.app)).includes("report"), false);
});

test("/mcp offers the group's two tools only while the group is served, as upstream does", async (t) => {
  const names = async (handoffReports: boolean) => {
    const { app } = await buildTestApp(t, { handoffReports });
    const response = await app.inject({
      method: "POST",
      url: "/mcp",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      payload: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    return (response.json().result.tools as { name: string }[]).map((tool) => tool.name);
  };
  const on = await names(true);
  const off = await names(false);
  assert.ok(on.includes("get_handoff_report") && on.includes("get_handoff_report_workspace"));
  assert.deepEqual(
    on.filter((name) => !off.includes(name)),
    ["get_handoff_report", "get_handoff_report_workspace"],
  );
});
