// `powercontext handoff-report …` from the terminal against real Server processes: one with the group on (the
// default), creating, listing and reporting; one started with POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED=false,
// where the commands fail with the Server's 404.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

async function cli(args: string[], url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, "handoff-report", ...args], {
    env: {
      ...process.env,
      POWERCONTEXT_SERVER_URL: "",
      POWERCONTEXT_SERVER_TOKEN: "",
      POWERCONTEXT_CLIENT_SERVER_URL: url,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number];
  return { code, stdout, stderr };
}

describe("the handoff-report commands", () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let on: ServerProcess;
  let off: ServerProcess;
  before(async () => {
    const environments: Record<string, string>[] = [{}, { POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED: "false" }];
    for (const env of environments) {
      const dir = mkdtempSync(join(tmpdir(), "pc-cli-report-"));
      dirs.push(dir);
      servers.push(await startServerProcess(dir, env));
    }
    [on, off] = servers as [ServerProcess, ServerProcess];
  });
  after(() => {
    for (const server of servers) server.child.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("create a Project, group a scope, list both and print the report in Markdown or JSON", async () => {
    const created = await cli(
      ["create-project", "--key", "export", "--title", "Export", "--locale", "en", "--json"],
      on.url,
    );
    assert.equal(created.code, 0, created.stderr);
    const project = JSON.parse(created.stdout);
    const registered = await cli(["register", project.project_id, "--scope", "scope-x", "--title", "Move it"], on.url);
    assert.match(registered.stdout, /^scope-x is Workstream "Move it" of proj_[0-9a-f]{32} \(v1\)\.\n$/);
    const projects = await cli(["projects"], on.url);
    assert.match(projects.stdout, new RegExp(`^export  ${project.project_id}  v1  included  Export\\n$`));
    const shown = await cli(["project", project.project_id, "--json"], on.url);
    assert.deepEqual(JSON.parse(shown.stdout), project);
    const workstreams = await cli(["workstreams", project.project_id], on.url);
    assert.match(workstreams.stdout, /^scope-x {2}feature {2}v1 {2}included {2}Move it\n$/);
    const activities = await cli(["activities", project.project_id], on.url);
    assert.match(activities.stdout, /^No activities \(high watermark 0\)\.\n$/);
    const markdown = await cli(["get", project.project_id], on.url);
    assert.equal(markdown.code, 0, markdown.stderr);
    assert.match(markdown.stdout, /^# Handoff Report: Export\n/);
    assert.match(markdown.stdout, /### Move it \(`scope-x`\)/);
    assert.match(markdown.stdout, /\nselection sha256:[0-9a-f]{64}\nreport sha256:[0-9a-f]{64}\n$/);
    const json = JSON.parse((await cli(["get", project.project_id, "--format", "json", "--json"], on.url)).stdout);
    assert.deepEqual([json.format, json.report.summary.no_handoff, json.markdown], ["json", 1, null]);
    const missing = await cli(["project", "proj_missing"], on.url);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /The Report Project was not found\./);
  });

  it("against a Server with the group switched off, the commands fail with its 404", async () => {
    const refused = await cli(["projects", "--json"], off.url);
    assert.equal(refused.code, 1);
    assert.equal(JSON.parse(refused.stdout).error.code, "not_found");
  });
});
