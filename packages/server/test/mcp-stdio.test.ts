// `powercontext mcp` (stdio) through the SDK's own client, proxying to a real Server process: the same tools as /mcp,
// the project's Scope filled in when a call leaves it out, the token passed on, and stable tool errors for oversized
// arguments, a missing token and a Server that is not running.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { BIN_NODE_FLAGS, BIN_PATH, startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";
import {
  assertEveryToolRefusesInvalidArguments,
  assertToolList,
  callEveryToolValidly,
  httpPoster,
  expectedToolNames,
  toolBody,
  toolError,
} from "./support/mcp-cases.ts";

const TOKEN = "mcp-stdio-token-0123456789";
const PROJECT_SCOPE = "git:github.com/acme/mcp-stdio";

async function startStdio(cwd: string, serverUrl: string, token: string | null): Promise<Client> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    POWERCONTEXT_CLIENT_SERVER_URL: "",
  };
  delete env.POWERCONTEXT_SERVER_TOKEN;
  if (token !== null) env.POWERCONTEXT_SERVER_TOKEN = token;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...BIN_NODE_FLAGS, BIN_PATH, "mcp", "--server-url", serverUrl],
    cwd,
    env,
    stderr: "pipe",
  });
  const client = new Client({ name: "powercontext-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describe("MCP over stdio (powercontext mcp)", () => {
  let server: ServerProcess;
  let dataDir: string;
  let repo: string;
  let client: Client;
  const call = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  // The Server starts in before(), so the poster reads its URL at call time.
  const http = httpPoster(() => server.url, TOKEN);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pc-mcp-stdio-"));
    repo = realpathSync(mkdtempSync(join(tmpdir(), "pc-mcp-repo-")));
    execFileSync("git", ["init", "-q", repo]);
    execFileSync("git", ["-C", repo, "remote", "add", "origin", "git@github.com:acme/mcp-stdio.git"]);
    server = await startServerProcess(dataDir, { POWERCONTEXT_SERVER_TOKEN: TOKEN });
    client = await startStdio(repo, server.url, TOKEN);
  });
  after(async () => {
    await client.close();
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(repo, { recursive: true, force: true });
  });

  it("lists the same tools and hints as /mcp, scope_id optional with the repository's Scope as default", async () => {
    const { tools } = await client.listTools();
    assertToolList(tools);
    const search = tools.find((tool) => tool.name === "search_memory");
    assert.deepEqual(search?.inputSchema.required, ["query"]);
    assert.match(
      String((search?.inputSchema.properties?.scope_id as { description?: string }).description),
      /mcp-stdio/,
    );
  });

  it("runs every tool with valid arguments and refuses invalid ones with invalid_request", async () => {
    const called = await callEveryToolValidly(call, http, "mcp-stdio-scope");
    assert.ok(called.length >= 17);
    assert.ok(called.every((name) => expectedToolNames().includes(name)));
    const { tools } = await client.listTools();
    await assertEveryToolRefusesInvalidArguments(call, tools);
  });

  it("acts on the repository's Scope when a call leaves scope_id out", async () => {
    toolBody(await call("remember_memory", { kind: "convention", text: "Stdio callers share the project's Scope." }));
    const found = await fetch(`${server.url}/v1/memory/search`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ scope_id: PROJECT_SCOPE, query: "stdio callers Scope" }),
    });
    const body = (await found.json()) as { hits: { text: string }[] };
    assert.equal(body.hits[0]?.text, "Stdio callers share the project's Scope.");
  });

  it("answers an unknown tool with a protocol error and oversized arguments with payload_too_large", async () => {
    await assert.rejects(client.callTool({ name: "drop_everything", arguments: {} }), /Unknown tool "drop_everything"/);
    const oversized = await call("remember_memory", { kind: "decision", text: "x".repeat(5 * 1024 * 1024) });
    assert.equal(toolError(oversized).code, "payload_too_large");
    assert.deepEqual(toolBody(await call("list_memory_entries", { scope_id: "never-written" })).entries, []);
  });

  it("passes on a missing token as unauthorized, and a Server that is not running as unavailable", async () => {
    const tokenless = await startStdio(repo, server.url, null);
    try {
      const refused = await tokenless.callTool({ name: "search_memory", arguments: { query: "x" } });
      assert.equal(toolError(refused as CallToolResult).code, "unauthorized");
      await assert.rejects(tokenless.listTools(), /did not answer/);
    } finally {
      await tokenless.close();
    }
    const orphan = await startStdio(repo, "http://127.0.0.1:9", TOKEN);
    try {
      const unreachable = await orphan.callTool({ name: "search_memory", arguments: { query: "x" } });
      const error = toolError(unreachable as CallToolResult);
      assert.equal(error.code, "unavailable");
      assert.match(error.message, /127\.0\.0\.1:9/);
    } finally {
      await orphan.close();
    }
  });
});
