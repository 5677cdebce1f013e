// `powercontext server run` as people start it: `--json` prints exactly one line, the banner names the address really
// bound, SIGTERM to `npx powercontext server run` stops the Server (no orphan), and a clean shutdown answers the
// requests already in flight.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess } from "../src/testing/server-process.ts";

const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

test("server run --json prints exactly one JSON line with the bound address; logs go to stderr", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-lifecycle-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const args = [
    ...BIN_NODE_FLAGS,
    BIN_PATH,
    "server",
    "run",
    "--host",
    "0.0.0.0",
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--json",
  ];
  const env = {
    ...process.env,
    POWERCONTEXT_SERVER_LOG_LEVEL: "info",
    POWERCONTEXT_SERVER_TOKEN: "lifecycle-token-0123456789",
  };
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  t.after(() => child.kill("SIGKILL"));
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  assert.ok(await waitUntil(() => stdout.includes("\n"), 20_000), stderr);
  const banner = JSON.parse(stdout) as { status: string; url: string; pid: number };
  assert.equal(banner.status, "listening");
  assert.match(banner.url, /^http:\/\/0\.0\.0\.0:\d+$/);
  assert.equal(banner.pid, child.pid);
  const port = new URL(banner.url).port;
  assert.equal((await fetch(`http://127.0.0.1:${port}/health/live`)).status, 200);
  child.kill("SIGTERM");
  const [code] = await once(child, "exit");
  assert.equal(code, 0);
  assert.equal(stdout.trim().split("\n").length, 1, `stdout is exactly one line: ${stdout}`);
  assert.match(stderr, /"msg":"Server listening at/);
});

test("SIGTERM to `npx powercontext server run` stops the Server too", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-lifecycle-npx-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const npx = spawn("npx", ["powercontext", "server", "run", "--port", "0", "--data-dir", dataDir, "--json"], {
    cwd: REPO_ROOT,
    env: { ...process.env, POWERCONTEXT_SERVER_LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let serverPid = 0;
  t.after(() => {
    if (serverPid !== 0 && alive(serverPid)) process.kill(serverPid, "SIGKILL");
  });
  const [line] = (await once(createInterface({ input: npx.stdout }), "line")) as [string];
  serverPid = (JSON.parse(line) as { pid: number }).pid;
  assert.notEqual(serverPid, npx.pid, "npx runs the Server as a child process");
  npx.kill("SIGTERM");
  await once(npx, "exit");
  // A bound on liveness, not a timing claim: under a loaded machine the drain and npm's forwarding took over 10 s.
  assert.ok(await waitUntil(() => !alive(serverPid), 30_000), "the Server outlived npx");
});

test("a clean shutdown answers the requests in flight: each capture is acknowledged or refused, and every acknowledged one is kept", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-lifecycle-drain-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServerProcess(dataDir);
  t.after(() => server.child.kill("SIGKILL"));
  const capture = (i: number) =>
    fetch(`${server.url}/v1/sources/content`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope_id: "drain", source_id: `s${i}`, content: `Fact number ${i} about draining.` }),
    }).then(
      async (response) => ({
        status: response.status,
        position: ((await response.json()) as { position: number }).position,
      }),
      // Refused means never connected; a connection dropped mid-request would be a failed drain.
      (error: { cause?: { code?: string } }) =>
        error.cause?.code === "ECONNREFUSED" ? "refused" : `failed: ${error.cause?.code}`,
    );
  const inFlight = Array.from({ length: 40 }, (_, i) => capture(i));
  await new Promise((resolve) => setTimeout(resolve, 5));
  server.child.kill("SIGTERM");
  const outcomes = await Promise.all(inFlight);
  const [code] = await server.exited;
  assert.equal(code, 0);
  assert.ok(
    outcomes.every((outcome) => outcome === "refused" || (typeof outcome === "object" && outcome.status === 202)),
    JSON.stringify(outcomes),
  );
  const acknowledged = outcomes.flatMap((outcome, i) =>
    typeof outcome === "object" ? [[i, outcome.position] as const] : [],
  );
  const again = await startServerProcess(dataDir);
  t.after(() => again.child.kill("SIGKILL"));
  for (const [i, position] of acknowledged) {
    const response = await fetch(`${again.url}/v1/sources/content`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope_id: "drain", source_id: `s${i}`, content: `Fact number ${i} about draining.` }),
    });
    const body = (await response.json()) as { position: number };
    assert.equal(body.position, position, `source s${i} was acknowledged before the shutdown and is kept`);
  }
});
