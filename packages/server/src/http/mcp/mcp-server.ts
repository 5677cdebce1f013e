// The MCP server both transports run (/mcp on the Server, and `powercontext mcp` over stdio): tools only, listed and
// called through the two functions it is given. It uses the SDK's low-level Server because the tools' schemas are
// JSON Schema taken from the operation table, not schemas declared in code for the high-level McpServer.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

export const MCP_SERVER_NAME = "powercontext";

export const MCP_INSTRUCTIONS =
  "PowerContext keeps durable, project-scoped Memory and Handoffs. Pass the project's scope_id with every call " +
  "(the same one for every session of the project). search_memory before answering questions about earlier " +
  "decisions; remember_memory for a decision, convention or fact worth keeping; handoff_current_work to hand the " +
  "work to the next session and continue_handoff to pick it up.";

export interface McpToolSource {
  listTools(): Promise<Tool[]>;
  /**
   * Runs a tool the list names; an operation's refusal is a tool error (isError), not a thrown error. `requestId` is
   * the JSON-RPC id of the call.
   */
  callTool(
    name: string,
    args: Record<string, unknown> | undefined,
    requestId: string | number,
  ): Promise<CallToolResult>;
}

const PLAIN_TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The JSON-RPC error for a tool the server does not offer; the name is quoted only when it looks like a name. */
export function unknownToolError(name: string): McpError {
  const quoted = PLAIN_TOOL_NAME.test(name) ? ` "${name}"` : "";
  return new McpError(ErrorCode.InvalidParams, `Unknown tool${quoted}: tools/list names the tools offered.`);
}

export function createMcpServer(source: McpToolSource, version: string): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version },
    { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await source.listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    source.callTool(request.params.name, request.params.arguments, extra.requestId),
  );
  return server;
}
