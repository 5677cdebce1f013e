// MCP over streamable HTTP at /mcp of a real Server process, through the SDK's own client: the tool list, every tool
// with valid and invalid arguments, the bearer token, and bad input (malformed JSON-RPC, unknown tool, oversized
// arguments, a secret to remember) answered with stable errors, nothing stored and no 5xx.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { buildPlanted } from "../../protocol/test-fixtures/secrets/planted.ts";
import { createRandom } from "../../protocol/test-fixtures/secrets/random.ts";
import { startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";
import {
  assertEveryToolRefusesInvalidArguments,
  assertToolList,
  callEveryToolValidly,
  httpPoster,
  expectedToolNames,
  toolBody,
  toolError,
} from "./support/mcp-cases.ts";

const TOKEN = "mcp-test-token-0123456789";
const ACCEPT = "application/json, text/event-stream";

async function connect(url: string, token: string | null): Promise<Client> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } });
  const client = new Client({ name: "powercontext-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describe("MCP over streamable HTTP", () => {
  let server: ServerProcess;
  let dataDir: string;
  let client: Client;
  const call = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as ReturnType<typeof toolBody> as Promise<never>;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: ACCEPT, authorization: `Bearer ${TOKEN}`, ...headers },
      body,
    });

  // The Server starts in before(), so the poster reads its URL at call time.
  const http = httpPoster(() => server.url, TOKEN);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pc-mcp-http-"));
    server = await startServerProcess(dataDir, { POWERCONTEXT_SERVER_TOKEN: TOKEN });
    client = await connect(server.url, TOKEN);
  });
  after(async () => {
    await client.close();
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists upstream's tools whose operations exist, then prepare_context and flush_memory, with their hints", async () => {
    const { tools } = await client.listTools();
    assertToolList(tools);
    assert.ok(tools.length >= 17, `${tools.length} tools`);
    const remember = tools.find((tool) => tool.name === "remember_memory");
    assert.deepEqual(remember?.inputSchema.required, ["scope_id", "kind", "text"]);
  });

  it("runs every tool with valid arguments, answering the operation's JSON body", async (t) => {
    const called = await callEveryToolValidly(call, http, "mcp-http-scope");
    const withoutCase = expectedToolNames().filter((name) => !called.includes(name));
    if (withoutCase.length > 0) t.diagnostic(`tools without a valid-call case yet: ${withoutCase.join(", ")}`);
    assert.deepEqual(
      called.toSorted(),
      expectedToolNames()
        .filter((name) => called.includes(name))
        .toSorted(),
    );
    assert.ok(called.length >= 17);
  });

  it("answers invalid arguments of every tool with a tool error carrying invalid_request", async () => {
    const { tools } = await client.listTools();
    await assertEveryToolRefusesInvalidArguments(call, tools);
    const wrongType = toolError(await call("search_memory", { scope_id: "s", query: "x", limit: "ten" }));
    assert.deepEqual(wrongType.code, "invalid_request");
    const missing = toolError(await call("get_memory_entry", { scope_id: "s", citation: null }));
    assert.equal(missing.code, "invalid_request");
  });

  it("answers a refusal of the domain as its contract error (not found)", async () => {
    const citation = {
      memory_ref: { family: "memory", artifact_id: "memory", revision: 9 },
      entry_id: "nope",
      entry_version_id: "nope",
    };
    const error = toolError(await call("get_memory_entry", { scope_id: "empty-scope", citation }));
    assert.equal(error.code, "artifact_not_found");
  });

  it("requires the bearer token when one is configured", async () => {
    await assert.rejects(connect(server.url, null), /401|nauthorized/);
    await assert.rejects(connect(server.url, "wrong-token-0123456789"), /401|nauthorized/);
    const response = await post("{}", { authorization: "" });
    assert.equal(response.status, 401);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, "unauthorized");
  });

  it("refuses a secret in a remember call and stores nothing", async () => {
    const planted = buildPlanted(createRandom(20261202)).find((entry) => entry.family.includes("github"));
    assert.ok(planted);
    const scope_id = "mcp-secret-scope";
    const result = await call("remember_memory", { scope_id, kind: "decision", text: planted.text });
    const error = toolError(result);
    assert.equal(error.code, "secret_rejected");
    assert.ok(!JSON.stringify(result).includes(planted.secret), "the secret is not echoed");
    assert.deepEqual(toolBody(await call("list_memory_entries", { scope_id })).entries, []);
  });

  it("answers malformed JSON-RPC, an unknown tool, oversized arguments and GET with stable errors, never a 5xx", async () => {
    const notJson = await post("{not json");
    assert.equal(notJson.status, 400);
    assert.equal(((await notJson.json()) as { error: { code: number } }).error.code, -32700);
    const notRpc = await post(JSON.stringify({ hello: "world" }));
    assert.equal(notRpc.status, 400);
    assert.equal(((await notRpc.json()) as { error: { code: number } }).error.code, -32700);
    assert.match(notRpc.headers.get("x-powercontext-request-id") ?? "", /^[0-9a-f]{16}$/);

    await assert.rejects(client.callTool({ name: "drop_everything", arguments: {} }), (error: Error) => {
      assert.match(error.message, /-32602|Unknown tool "drop_everything"/);
      return true;
    });

    const scope_id = "mcp-oversized-scope";
    const text = "x".repeat(5 * 1024 * 1024);
    const oversized = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "remember_memory", arguments: { scope_id, kind: "decision", text } },
      }),
      { "mcp-protocol-version": "2025-06-18" },
    );
    assert.equal(oversized.status, 413);
    assert.equal(((await oversized.json()) as { error: { code: string } }).error.code, "payload_too_large");
    const tooLongForSchema = toolError(await call("remember_memory", { scope_id, kind: "d", text: "y".repeat(9000) }));
    assert.equal(tooLongForSchema.code, "invalid_request");
    assert.deepEqual(toolBody(await call("list_memory_entries", { scope_id })).entries, []);

    const get = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${TOKEN}`, accept: ACCEPT } });
    assert.equal(get.status, 405);
  });
});
