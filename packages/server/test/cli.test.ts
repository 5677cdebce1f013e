// The real `powercontext` CLI against real Server processes.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

const exec = promisify(execFile);
const SCOPE = "cli-scope";

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      ["--disable-warning=ExperimentalWarning", BIN_PATH, ...args],
      {
        env: { ...process.env, POWERCONTEXT_CLIENT_SERVER_URL: "" },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe("powercontext CLI", () => {
  let server: ServerProcess;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pc-cli-"));
    server = await startServerProcess(dataDir, { POWERCONTEXT_SERVER_REVIEW_POLICY: "manual" });
  });
  after(() => {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("doctor passes against a running Server", async () => {
    const result = await cli(["doctor", "--server", server.url, "--json"]);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, true);
    assert.deepEqual(
      report.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`),
      ["package:ok", "liveness:ok", "readiness:ok", "authentication:ok"],
    );
    const human = await cli(["doctor", "--server", server.url]);
    assert.match(human.stdout, /PowerContext is ready/);
  });

  it("doctor fails against a stopped Server and skips readiness", async () => {
    const result = await cli(["doctor", "--server", "http://127.0.0.1:9", "--json"]);
    assert.equal(result.code, 1);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, false);
    assert.deepEqual(
      report.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`),
      ["package:ok", "liveness:failed", "readiness:skipped", "authentication:skipped"],
    );
  });

  it("reviews pending candidates and reads Memory from the terminal", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    await post("/v1/sources/content", {
      scope_id: SCOPE,
      source_id: "c1",
      content: "We always run npm test before every commit.",
    });
    await post("/v1/sources/content", {
      scope_id: SCOPE,
      source_id: "c2",
      content: "Never store credentials in the repository.",
    });
    await post("/v1/memory/flush", { scope_id: SCOPE });

    const listed = await cli(["review", "list", "--scope", SCOPE, "--server", server.url, "--json"]);
    assert.equal(listed.code, 0, listed.stderr);
    const candidates = JSON.parse(listed.stdout).candidates as Array<{
      candidate_id: string;
      proposal: { text: string };
    }>;
    assert.equal(candidates.length, 2);
    // Candidate ids are random: pick each by its text, not by list order.
    const first = candidates.find((c) => c.proposal.text.includes("npm test"));
    const second = candidates.find((c) => c.proposal.text.includes("credentials"));
    assert.ok(first && second);

    const approved = await cli([
      "review",
      "approve",
      first.candidate_id,
      "--scope",
      SCOPE,
      "--server",
      server.url,
      "--reviewer",
      "user:alice",
      "--json",
    ]);
    assert.equal(approved.code, 0, approved.stderr);
    assert.equal(JSON.parse(approved.stdout).status, "approved");
    const rejected = await cli([
      "review",
      "reject",
      second.candidate_id,
      "--scope",
      SCOPE,
      "--server",
      server.url,
      "--reason",
      "Too generic.",
    ]);
    assert.equal(rejected.code, 0, rejected.stderr);
    assert.match(rejected.stdout, /Rejected\./);
    const again = await cli([
      "review",
      "approve",
      second.candidate_id,
      "--scope",
      SCOPE,
      "--server",
      server.url,
      "--json",
    ]);
    assert.equal(again.code, 1);
    assert.equal(JSON.parse(again.stdout).error.code, "candidate_terminal");

    const memory = await cli(["memory", "list", "--scope", SCOPE, "--server", server.url, "--json"]);
    assert.deepEqual(
      JSON.parse(memory.stdout).entries.map((e: { text: string }) => e.text),
      [first.proposal.text],
    );
    const search = await cli(["memory", "search", "commit", "tests", "--scope", SCOPE, "--server", server.url]);
    assert.equal(search.code, 0);
    assert.match(search.stdout, /npm test/);
  });

  it("usage errors exit with 2", async () => {
    assert.equal((await cli(["review", "list"])).code, 2);
    assert.equal((await cli(["memory", "search", "x", "--scope", SCOPE, "--limit", "0"])).code, 2);
  });
});
