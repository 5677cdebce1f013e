// `powercontext mcp`: an MCP server on stdin/stdout for hosts that only launch stdio servers. It never opens a store:
// it lists and calls the tools of a running Server's /mcp, so both transports offer the same tools with the same
// behaviour, and it fills in the project's Scope when a call leaves it out. Stdout carries only the protocol.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type CallToolResult, ErrorCode, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer } from "../../http/mcp/mcp-server.ts";
import { errorBody } from "../../http/error-body.ts";
import type { ServerTarget } from "../server-client.ts";
import { fillScope, withScopeDefault } from "./scope-default.ts";

export interface StdioProxyOptions {
  target: ServerTarget;
  /** The Scope a call without scope_id acts on (derived from the working directory), or null for none. */
  defaultScope: string | null;
  version: string;
}

/** The Server's /mcp as a connected client, connected on first use and again after a failed attempt. */
function createUpstream(target: ServerTarget, version: string): () => Promise<Client> {
  let connected: Promise<Client> | null = null;
  const headers: Record<string, string> = target.token === null ? {} : { authorization: `Bearer ${target.token}` };
  return () => {
    if (connected === null) {
      const client = new Client({ name: "powercontext-mcp-stdio", version });
      const transport = new StreamableHTTPClientTransport(new URL(`${target.url}/mcp`), { requestInit: { headers } });
      connected = client.connect(transport).then(() => client);
      connected.catch(() => {
        connected = null;
      });
    }
    return connected;
  };
}

/** The contract's error envelope in an HTTP failure's body (`Error POSTing to endpoint: {…}`), if there is one. */
function envelopeOf(error: StreamableHTTPError): string | null {
  const start = error.message.indexOf("{");
  if (start === -1) return null;
  try {
    const parsed = JSON.parse(error.message.slice(start)) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === "string" ? JSON.stringify(parsed) : null;
  } catch {
    return null;
  }
}

/**
 * A failure to reach the Server as a tool error the model can read: the Server's own envelope (401, 413) when it
 * answered one, else `unavailable` naming the URL. Protocol errors (an unknown tool) are passed on unchanged.
 */
function toToolError(error: unknown, target: ServerTarget): CallToolResult {
  if (error instanceof McpError) throw error;
  const envelope = error instanceof StreamableHTTPError ? envelopeOf(error) : null;
  const text =
    envelope ??
    JSON.stringify(
      errorBody("unavailable", `The PowerContext Server at ${target.url} did not answer; is it running?`, null),
    );
  return { isError: true, content: [{ type: "text", text }] };
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/** Serves MCP on stdin/stdout until stdin closes. */
export async function serveMcpOverStdio({ target, defaultScope, version }: StdioProxyOptions): Promise<void> {
  const upstream = createUpstream(target, version);
  let known: Tool[] = [];
  const listTools = async (): Promise<Tool[]> => {
    try {
      known = await listAllTools(await upstream());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new McpError(ErrorCode.InternalError, `The PowerContext Server at ${target.url} did not answer: ${reason}`);
    }
    return defaultScope === null ? known : known.map((tool) => withScopeDefault(tool, defaultScope));
  };
  const server = createMcpServer(
    {
      listTools,
      callTool: async (name, args) => {
        if (known.length === 0) await listTools().catch(() => undefined);
        const tool = known.find((candidate) => candidate.name === name);
        const filled = defaultScope === null ? args : fillScope(args, defaultScope, tool);
        try {
          const client = await upstream();
          return (await client.callTool({
            name,
            ...(filled === undefined ? {} : { arguments: filled }),
          })) as CallToolResult;
        } catch (error) {
          return toToolError(error, target);
        }
      },
    },
    version,
  );
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  process.stdin.once("end", () => void server.close());
  await closed;
  const client = await upstream().catch(() => null);
  await client?.close();
}
