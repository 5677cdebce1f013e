// Pi 1.6.0's own MCP client against the Server's /mcp, in a real Pi process (RPC mode, the local fake model calling
// the tools): the server is added with the real `pi mcp add`, then remember, search and a Handoff round trip run as
// MCP tool calls, and powercontext-pi recalls what was remembered through MCP in a new session.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { promisify } from "node:util";
import { deriveScope } from "@powercontext/pi-kit";
import { hasBuiltinMcp, hostEnvironment, LATEST_PI } from "@powercontext/pi-testing";
import { systemPromptOf } from "./support/fake-model.ts";
import { startServerProcess } from "../../server/src/testing/server-process.ts";
import { EXTENSION_PATH, type HermeticHome } from "./support/pi-rpc.ts";
import { callTool, lastToolResult, setupSuite } from "./support/suite.ts";

const exec = promisify(execFile);
const ANSWER = "Billing exports run on PostgreSQL 16; regenerate openapi/powercontext.yaml after contract changes.";
const QUESTION = "Which database do billing exports run on?";
const TOOL = (name: string) => `mcp__powercontext__${name}`;
// Only the built-in MCP support and powercontext-pi: no other extensions, no skills, no session file.
const ARGS = ["--no-session", "--no-skills", "--no-extensions", "-e", "builtin:mcp", "-e", EXTENSION_PATH];

async function piCli(
  home: HermeticHome,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const run = await exec(process.execPath, [LATEST_PI.cli, ...args], {
      cwd: home.cwd,
      env: hostEnvironment(home, env),
    });
    return { code: 0, ...run };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tool results are navigated as JSON
type Json = any;

// A host of the matrix without Pi's MCP client (before 1.x) has nothing to test here: the suite is skipped, by name.
const noMcp = hasBuiltinMcp(LATEST_PI) ? false : `Pi ${LATEST_PI.name} has no built-in MCP client`;

describe(`Pi ${LATEST_PI.name}: PowerContext through Pi's native MCP client`, { skip: noMcp }, () => {
  const suite = setupSuite();

  test("pi mcp add, then remember, search and a Handoff round trip over MCP; powercontext-pi recalls it", async () => {
    const home = suite.home();
    const url = `${suite.server.url}/mcp`;
    assert.equal((await piCli(home, ["mcp", "add", "powercontext", "--url", url, "--exposure", "direct"])).code, 0);
    const config = JSON.parse(readFileSync(join(home.agentDir, "mcp.json"), "utf8"));
    assert.deepEqual(config.mcpServers.powercontext, { url, exposure: "direct" });
    const listed = await piCli(home, ["mcp", "list", "--json"]);
    assert.match(listed.stdout, /search_memory/);

    // The Scope powercontext-pi derives for this project folder, which an MCP host passes as scope_id.
    const scope_id = await deriveScope(home.cwd);
    const pi = await suite.pi(LATEST_PI, { home, args: ARGS });
    const call = async (name: string, args: Record<string, unknown>): Promise<Json> => {
      const mark = suite.model.requests.length;
      const before = suite.mark();
      await pi.prompt(callTool(TOOL(name), { scope_id, ...args }));
      assert.ok(suite.since(before, "/mcp").length >= 1, `${name} reached /mcp`);
      return lastToolResult(suite.modelSince(mark));
    };

    const remembered = await call("remember_memory", { kind: "decision", text: ANSWER });
    assert.equal(remembered.entry.text, ANSWER, JSON.stringify(remembered));
    const found = await call("search_memory", { query: "billing exports database" });
    assert.equal(found.hits[0]?.text, ANSWER);

    const handoff = {
      schema: "powercontext.current-work-handoff.v1",
      trust: "untrusted_input",
      objective: "Finish the PostgreSQL 16 export migration",
      state: [{ text: "The export job writes to PostgreSQL 16.", basis: "declared", evidence: [] }],
      disposition: "continuable",
      next_action: { text: "Compare staging row counts.", basis: "declared", evidence: [] },
      omissions: [],
    };
    const prepared = await call("handoff_current_work", { source_id: "pi-mcp-boundary-1", handoff });
    assert.equal(prepared.handoff.schema, "powercontext.prepared-handoff.v1", JSON.stringify(prepared));
    const committed = await call("commit_handoff", { handoff: prepared.handoff });
    assert.equal(committed.reference.family, "handoff");
    assert.equal((await pi.send({ type: "new_session" })).success, true);
    const resumed = await call("continue_handoff", { selection: "latest" });
    assert.equal(resumed.status, "resolved");
    assert.equal(resumed.content.objective, "Finish the PostgreSQL 16 export migration");

    // Pi checks arguments against the tool's input schema itself; a refusal of the Server reaches the model as the
    // contract's error.
    const citation = { ...remembered.entry.citation, entry_id: "mem_ent_missing" };
    const refused = await call("get_memory_entry", { citation });
    assert.match(JSON.stringify(refused), /artifact_not_found|memory_not_found/, JSON.stringify(refused));

    assert.equal((await pi.send({ type: "new_session" })).success, true);
    const asked = suite.model.requests.length;
    await pi.prompt(QUESTION);
    const [request] = suite.modelSince(asked);
    assert.ok(request);
    assert.ok(systemPromptOf(request).includes(ANSWER), "powercontext-pi recalls the entry remembered over MCP");
  });

  test("pi mcp add --bearer-token-env-var reaches a Server with a token; without the variable Pi is refused", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pc-pi-mcp-token-"));
    const token = "pi-mcp-token-0123456789";
    const server = await startServerProcess(dataDir, { POWERCONTEXT_SERVER_TOKEN: token });
    try {
      const home = suite.home();
      const url = `${server.url}/mcp`;
      await piCli(home, ["mcp", "add", "powercontext", "--url", url, "--bearer-token-env-var", "PC_MCP_TOKEN"]);
      const allowed = await piCli(home, ["mcp", "list", "--json"], { PC_MCP_TOKEN: token });
      assert.equal(allowed.code, 0, allowed.stdout + allowed.stderr);
      assert.match(allowed.stdout, /remember_memory/);
      const refused = await piCli(home, ["mcp", "list", "--json"], { PC_MCP_TOKEN: "wrong-token-0123456789" });
      assert.equal(refused.code, 1, "an enabled server that is not connected makes `pi mcp list` exit 1");
      assert.doesNotMatch(refused.stdout, /remember_memory/);
    } finally {
      server.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
