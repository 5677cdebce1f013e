// capture, flush, remember, prepare, stats and capabilities from the terminal against a real Server process, found
// through POWERCONTEXT_CLIENT_SERVER_URL.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

const SCOPE = "cli-turn";

async function cli(
  args: string[],
  env: Record<string, string>,
  stdin = "",
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, ...args], {
    env: { ...process.env, POWERCONTEXT_CLIENT_SERVER_URL: "", POWERCONTEXT_SERVER_TOKEN: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  const [code] = (await once(child, "exit")) as [number];
  return { code, stdout, stderr };
}

describe("the turn commands", () => {
  let server: ServerProcess;
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pc-cli-turn-"));
    server = await startServerProcess(dataDir);
    env = { POWERCONTEXT_CLIENT_SERVER_URL: server.url };
  });
  after(() => {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("capture (arguments and stdin, idempotent), flush, remember, prepare, stats and capabilities", async () => {
    const first = await cli(["capture", "--scope", SCOPE, "--json", "We", "use", "pnpm", "instead", "of", "npm."], env);
    assert.equal(first.code, 0, first.stderr);
    const again = await cli(["capture", "--scope", SCOPE, "--json"], env, "We use pnpm instead of npm.");
    assert.deepEqual(JSON.parse(again.stdout), JSON.parse(first.stdout), "the same text is the same Source");
    const piped = await cli(
      ["capture", "--scope", SCOPE, "--metadata", '{"tool":"ci"}'],
      env,
      "Deploys happen on Tuesdays only.\n",
    );
    assert.match(piped.stdout, /^Captured cli-[0-9a-f]{24} at position 2\.\n$/);
    const flushed = await cli(["flush", "--scope", SCOPE], env);
    assert.match(flushed.stdout, /Processed 2 Source\(s\): cursor 0 → 2 of 2\./);
    const remembered = await cli(
      ["remember", "--scope", SCOPE, "--kind", "decision", "--json", "Never force-push to main."],
      env,
    );
    assert.equal(JSON.parse(remembered.stdout).entry.text, "Never force-push to main.");
    const prepared = await cli(["prepare", "--scope", SCOPE, "which", "package", "manager", "do", "we", "use?"], env);
    assert.match(prepared.stdout, /We use pnpm instead of npm\./);
    const empty = await cli(["prepare", "--scope", "cli-turn-empty", "anything"], env);
    assert.equal(empty.stdout, "Nothing to recall.\n");
    const stats = await cli(["stats", "--scope", SCOPE, "--period", "7d"], env);
    assert.match(stats.stdout, /inventory\.sources\.total: 2/);
    const badPeriod = await cli(["stats", "--scope", SCOPE, "--period", "1y"], env);
    assert.equal(badPeriod.code, 2);
    assert.match(badPeriod.stderr, /querystring\.period/);
    const capabilities = await cli(["--json", "capabilities"], env);
    assert.deepEqual(JSON.parse(capabilities.stdout).source_types, ["content"]);
  });

  it("says what is missing or wrong before calling the Server", async () => {
    const nothing = await cli(["capture", "--scope", SCOPE], env);
    assert.equal(nothing.code, 2);
    assert.match(nothing.stderr, /Give the content as arguments or on standard input/);
    const metadata = await cli(["capture", "--scope", SCOPE, "--metadata", "[1]", "x"], env);
    assert.equal(metadata.code, 2);
    assert.match(metadata.stderr, /--metadata must be a JSON object/);
    const timeout = await cli(["capabilities", "--timeout", "0"], env);
    assert.equal(timeout.code, 2);
  });
});
