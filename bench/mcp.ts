// npm run bench -- mcp [--size 10000] [--runs 400]
// MCP `tools/call search_memory` at /mcp against the same search over the HTTP operation (POST /v1/memory/search),
// on one real Server process serving a scope of `size` Memory entries, timed in alternation with the same queries so
// the machine's noise lands on all of them alike. Three ways in: the HTTP operation, a JSON-RPC POST to /mcp (what
// any MCP client sends on the wire), and the SDK's own client over a kept connection (which adds its own parsing and
// output-schema validation). The goal (issue "MCP"): MCP p95 at most 2x the HTTP operation's p95 in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SQLITE_FILE_NAME } from "../packages/server/src/store/open-store.ts";
import { openSqliteStore } from "../packages/server/src/store/sqlite/index.ts";
import { startServerProcess } from "../packages/server/src/testing/server-process.ts";
import { queryText, random } from "./lib/dataset.ts";
import { loadMemories } from "./lib/load-memories.ts";
import { machine, option, progress, summarize, timeInterleaved, writeResult } from "./lib/measure.ts";

const SCOPE = "bench:mcp";
const GOAL_RATIO = 2;
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

async function httpSearch(url: string, query: string): Promise<void> {
  const response = await fetch(`${url}/v1/memory/search`, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({ scope_id: SCOPE, query }),
  });
  const body = (await response.json()) as { hits?: unknown[] };
  if (response.status !== 200 || !Array.isArray(body.hits)) throw new Error(`search answered ${response.status}`);
}

async function mcpWireSearch(url: string, query: string, id: number): Promise<void> {
  const response = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: { ...HEADERS, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "search_memory", arguments: { scope_id: SCOPE, query } },
    }),
  });
  const body = (await response.json()) as { result?: { isError?: boolean; structuredContent?: { hits?: unknown } } };
  if (response.status !== 200 || body.result?.isError || !Array.isArray(body.result?.structuredContent?.hits)) {
    throw new Error(`/mcp answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

async function sdkSearch(client: Client, query: string): Promise<void> {
  const result = await client.callTool({ name: "search_memory", arguments: { scope_id: SCOPE, query } });
  if (result.isError) throw new Error(`search_memory failed: ${JSON.stringify(result.content)}`);
}

export async function run(args: string[]): Promise<void> {
  const size = Number(option(args, "size", "10000"));
  const runs = Number(option(args, "runs", "400"));
  const dataDir = mkdtempSync(join(tmpdir(), "pc-bench-mcp-"));
  try {
    progress(`loading ${size} memories`);
    const store = await openSqliteStore(join(dataDir, SQLITE_FILE_NAME), { synchronous: "normal" });
    await loadMemories(store, SCOPE, size);
    await store.close();
    const server = await startServerProcess(dataDir);
    const client = new Client({ name: "powercontext-bench", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
      await client.listTools();
      const next = random(20261202);
      const queries = Array.from({ length: runs + 20 }, () => queryText(next));
      const query = (i: number) => queries[i % queries.length] as string;
      progress(`timing ${runs} searches each way, interleaved`);
      const samples = await timeInterleaved(
        {
          http: (i) => httpSearch(server.url, query(i)),
          mcp_wire: (i) => mcpWireSearch(server.url, query(i), i + 1),
          mcp_sdk_client: (i) => sdkSearch(client, query(i)),
        },
        { runs },
      );
      const http = summarize(samples.http);
      const wire = summarize(samples.mcp_wire);
      const sdk = summarize(samples.mcp_sdk_client);
      const ratio = (p95: number) => Math.round((p95 / http.p95_ms) * 100) / 100;
      const result = {
        memories: size,
        http_search: http,
        mcp_tools_call_wire: wire,
        mcp_tools_call_sdk_client: sdk,
        p95_ratio_wire: ratio(wire.p95_ms),
        p95_ratio_sdk_client: ratio(sdk.p95_ms),
        goal: `MCP tools/call p95 <= ${GOAL_RATIO}x HTTP p95`,
        goal_met: ratio(wire.p95_ms) <= GOAL_RATIO && ratio(sdk.p95_ms) <= GOAL_RATIO,
        machine: machine(),
      };
      console.log(JSON.stringify(result, null, 2));
      progress(`wrote ${writeResult("mcp", result)}`);
    } finally {
      await client.close();
      server.child.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
