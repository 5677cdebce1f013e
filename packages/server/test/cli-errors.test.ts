// The CLI's failures say what was wrong, where and what to do, and never print credentials: the Server's details
// reach the terminal, doctor checks the token, and the candidate version is --expected-version, never the root's -V.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

const exec = promisify(execFile);
const SCOPE = "cli-errors";
const TOKEN = "cli-errors-token-0123456789";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  try {
    const options = {
      env: { ...process.env, POWERCONTEXT_CLIENT_SERVER_URL: "", POWERCONTEXT_SERVER_TOKEN: "", ...env },
    };
    const { stdout, stderr } = await exec(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, ...args], options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as Run;
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe("CLI errors against a Server with a token", () => {
  let server: ServerProcess;
  let dataDir: string;
  const withToken = { POWERCONTEXT_SERVER_TOKEN: TOKEN };
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pc-cli-errors-"));
    server = await startServerProcess(dataDir, {
      POWERCONTEXT_SERVER_REVIEW_POLICY: "manual",
      POWERCONTEXT_SERVER_TOKEN: TOKEN,
    });
  });
  after(() => {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("doctor fails without the token and with a wrong one, and passes with the right one", async () => {
    const missing = await cli(["doctor", "--server-url", server.url]);
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /FAIL {2}authentication: the Server requires a bearer token and none was sent/);
    const wrong = await cli(["doctor", "--server-url", server.url, "--json"], {
      POWERCONTEXT_SERVER_TOKEN: "wrong-token-0123456789",
    });
    assert.equal(wrong.code, 1);
    const report = JSON.parse(wrong.stdout) as { checks: Array<{ name: string; status: string; detail: string }> };
    assert.deepEqual(
      report.checks.map((c) => `${c.name}:${c.status}`),
      ["package:ok", "liveness:ok", "readiness:ok", "authentication:failed"],
    );
    assert.doesNotMatch(wrong.stdout, /wrong-token/);
    const right = await cli(["doctor", "--server-url", server.url], withToken);
    assert.equal(right.code, 0, right.stdout);
    assert.match(right.stdout, /ok {4}authentication: the token in POWERCONTEXT_SERVER_TOKEN is accepted/);
  });

  it("a URL's credentials are never printed, by doctor or by a failing command", async () => {
    const withCredentials = server.url.replace("http://", "http://alice:hunter2pw@");
    for (const args of [
      ["doctor"],
      ["doctor", "--json"],
      ["review", "list", "--scope", SCOPE],
      ["review", "list", "--scope", SCOPE, "--json"],
    ]) {
      const run = await cli([...args, "--server", withCredentials]);
      assert.doesNotMatch(run.stdout + run.stderr, /hunter2pw|alice/, args.join(" "));
    }
    const unreachable = await cli(["doctor", "--server", "http://alice:hunter2pw@127.0.0.1:9"]);
    assert.equal(unreachable.code, 1);
    assert.doesNotMatch(unreachable.stdout + unreachable.stderr, /hunter2pw/);
    assert.match(unreachable.stdout, /http:\/\/127\.0\.0\.1:9 is not reachable/);
  });

  it("the Server's details reach the terminal: the field path of a bad status, limit or scope, and what a 401 needs", async () => {
    const status = await cli(
      ["review", "list", "--scope", SCOPE, "--status", "pendin", "--server", server.url],
      withToken,
    );
    assert.equal(status.code, 2);
    assert.match(status.stderr, /body\.status: must be equal to one of the allowed values/);
    const limit = await cli(
      ["review", "list", "--scope", SCOPE, "--limit", "1000", "--server", server.url, "--json"],
      withToken,
    );
    assert.equal(limit.code, 2);
    const { error } = JSON.parse(limit.stdout) as {
      error: { code: string; details: { errors: Array<{ loc: string[] }> } };
    };
    assert.equal(error.code, "invalid_request");
    assert.deepEqual(error.details.errors[0]?.loc, ["body", "limit"]);
    const scope = await cli(["memory", "list", "--scope", "", "--server", server.url], withToken);
    assert.match(scope.stderr, /body\.scope_id: must NOT have fewer than 1 characters/);
    const unauthorized = await cli(["memory", "list", "--scope", SCOPE, "--server", server.url]);
    assert.equal(unauthorized.code, 1);
    assert.match(unauthorized.stderr, /A valid bearer token is required\. Set POWERCONTEXT_SERVER_TOKEN/);
  });

  it("the candidate version is --expected-version (and the former --version), never the root's -V", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(body),
      });
    await post("/v1/sources/content", { scope_id: SCOPE, source_id: "v1", content: "We always deploy on Tuesdays." });
    await post("/v1/sources/content", { scope_id: SCOPE, source_id: "v2", content: "Never force-push to main." });
    await post("/v1/memory/flush", { scope_id: SCOPE });
    const listed = await cli(["review", "list", "--scope", SCOPE, "--server", server.url, "--json"], withToken);
    const [first, second] = (
      JSON.parse(listed.stdout) as { candidates: Array<{ candidate_id: string; version: number }> }
    ).candidates;
    assert.ok(first && second);
    const common = ["--scope", SCOPE, "--server", server.url, "--json"];
    const stale = await cli(
      ["review", "approve", first.candidate_id, "--expected-version", String(first.version + 1), ...common],
      withToken,
    );
    assert.equal(stale.code, 1, stale.stdout);
    assert.equal(JSON.parse(stale.stdout).error.code, "candidate_conflict");
    const former = await cli(
      ["review", "approve", first.candidate_id, "--version", String(first.version + 1), ...common],
      withToken,
    );
    assert.equal(
      JSON.parse(former.stdout).error.code,
      "candidate_conflict",
      "--version reaches the command, not the root",
    );
    const approved = await cli(
      ["review", "approve", first.candidate_id, "--expected-version", String(first.version), ...common],
      withToken,
    );
    assert.equal(approved.code, 0, approved.stdout);
    assert.equal(JSON.parse(approved.stdout).status, "approved");
    const rejected = await cli(
      ["review", "reject", second.candidate_id, "--version", String(second.version), "--reason", "No.", ...common],
      withToken,
    );
    assert.equal(JSON.parse(rejected.stdout).status, "rejected");
    assert.match((await cli(["-V"])).stdout, /^\d+\.\d+\.\d+\n$/);
  });

  it("review approve-all / reject-all decide the pending candidates a filter matches; --dry-run changes nothing", async () => {
    const scope = "cli-bulk";
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(body),
      });
    const facts = [
      "We always deploy on Fridays after lunch.",
      "Never commit generated files.",
      "Use tabs in Makefiles.",
    ];
    for (const [i, content] of facts.entries())
      await post("/v1/sources/content", { scope_id: scope, source_id: `b${i}`, content });
    await post("/v1/memory/flush", { scope_id: scope });
    const common = ["--scope", scope, "--server", server.url];
    const dry = await cli(["review", "approve-all", ...common, "--match", "DEPLOY", "--dry-run", "--json"], withToken);
    assert.equal(dry.code, 0, dry.stderr);
    const planned = JSON.parse(dry.stdout) as { matched: number; dry_run: boolean; decided: string[] };
    assert.deepEqual([planned.matched, planned.dry_run, planned.decided.length], [1, true, 1]);
    const pending = async () =>
      (JSON.parse((await cli(["review", "list", ...common, "--json"], withToken)).stdout) as { candidates: unknown[] })
        .candidates.length;
    const before = await pending();
    assert.ok(before >= 2, `the extractor proposed ${before} candidates`);
    assert.equal((await cli(["review", "approve-all", ...common, "--dry-run"], withToken)).code, 0);
    assert.equal(await pending(), before, "a dry run changes nothing");
    const approved = await cli(["review", "approve-all", ...common, "--match", "deploy"], withToken);
    assert.match(approved.stdout, /^1 of 1 matching candidate\(s\) approved\.$/m);
    assert.equal(await pending(), before - 1);
    const rejected = await cli(
      ["review", "reject-all", ...common, "--max-confidence", "1", "--reason", "Bulk cleanup.", "--json"],
      withToken,
    );
    assert.equal(JSON.parse(rejected.stdout).decided.length, before - 1);
    assert.equal(await pending(), 0);
    const badRange = await cli(["review", "approve-all", ...common, "--min-confidence", "2"], withToken);
    assert.equal(badRange.code, 2);
  });
});
