// The former setting names through the real CLI: still read, announced in one line on stderr (with --json too, whose
// stdout stays the result alone), and named in an error about their value.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { BIN_NODE_FLAGS, BIN_PATH } from "../src/testing/server-process.ts";

function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("POWERCONTEXT_")));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...BIN_NODE_FLAGS, BIN_PATH, ...args],
      { env: { ...clean, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
    );
  });
}

const NOTICE = /^powercontext: deprecated setting names \(still read; rename them, see docs\/configuration\.md\): /;

test("a former name is read, and the CLI says so once, on stderr, with --json too", async () => {
  const result = await cli(["doctor", "--json"], { POWERCONTEXT_SERVER_URL: "http://127.0.0.1:9" });
  assert.equal(result.code, 1, "nothing listens on port 9");
  assert.equal(JSON.parse(result.stdout).server, "http://127.0.0.1:9", "the former name chose the Server");
  const lines = result.stderr.trim().split("\n");
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0] ?? "", NOTICE);
  assert.match(lines[0] ?? "", /POWERCONTEXT_SERVER_URL → POWERCONTEXT_CLIENT_SERVER_URL$/);
  const current = await cli(["doctor", "--json"], { POWERCONTEXT_CLIENT_SERVER_URL: "http://127.0.0.1:9" });
  assert.equal(current.stderr, "", "the current name gives no notice");
});

test("an invalid value under a former name stops the Server and names both names", async () => {
  const result = await cli(["server", "run", "--port", "0", "--json"], { POWERCONTEXT_REVIEW_POLICY: "sometimes" });
  assert.equal(result.code, 2);
  const { message } = JSON.parse(result.stdout).error as { message: string };
  assert.match(message, /POWERCONTEXT_SERVER_REVIEW_POLICY \(given as POWERCONTEXT_REVIEW_POLICY\) must be one of/);
  assert.match(result.stderr, NOTICE);
});
