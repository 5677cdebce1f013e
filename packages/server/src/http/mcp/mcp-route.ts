// POST /mcp: the MCP streamable HTTP transport, stateless and answering JSON (no session, no server-initiated
// stream). It sits behind the Server's own bearer token, body limit, JSON parser and request ids, because it is an
// ordinary route of the app; each tool call is then run as its HTTP operation (call-tool.ts). GET and DELETE, which
// serve sessions and server-initiated streams, answer 405 as the transport's specification allows.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { handleError } from "../errors.ts";
import { describeUnreadableBody } from "../request-errors.ts";
import { isAllowedOrigin } from "./browser-origin.ts";
import { callOperationTool } from "./call-tool.ts";
import type { OperationId } from "@powercontext/protocol";
import { buildMcpTools, isToolName } from "./tool-list.ts";

export const MCP_PATH = "/mcp";

/**
 * The MCP SDK, loaded on the first MCP request rather than at start-up: it adds about 24 MB to every Server's memory,
 * and most Servers are never asked over MCP (docs/benchmarks.md, Server RSS).
 */
let sdk: Promise<
  [typeof import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"), typeof import("./mcp-server.ts")]
> | null = null;
const loadSdk = () => {
  sdk ??= Promise.all([
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("./mcp-server.ts"),
  ]);
  return sdk;
};

/** A JSON-RPC error answer with no request id (the request could not be read). */
function jsonRpcError(code: number, message: string): object {
  return { jsonrpc: "2.0", id: null, error: { code, message } };
}

/** A body that is not JSON is a JSON-RPC parse error here; every other failure is answered as the API answers it. */
async function handleMcpError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const unreadable =
    (error.statusCode ?? 500) === 413 ? null : describeUnreadableBody(error, request.headers["content-type"]);
  if (unreadable !== null) return reply.code(400).send(jsonRpcError(-32700, `Parse error: ${unreadable.message}`));
  return handleError(error, request, reply);
}

/**
 * The arguments of each tools/call in the body, by JSON-RPC id, as the app's JSON parser made them: unlike the SDK's
 * copies, they still know which whole numbers were spelled with a fraction (strict-integers.ts).
 */
function parsedArguments(body: unknown): Map<unknown, unknown> {
  const messages = Array.isArray(body) ? body : [body];
  const found = new Map<unknown, unknown>();
  for (const message of messages) {
    const call = message as { method?: unknown; id?: unknown; params?: { arguments?: unknown } } | null;
    if (call?.method === "tools/call" && call.params?.arguments !== undefined)
      found.set(call.id, call.params.arguments);
  }
  return found;
}

/** The web Request the SDK's transport reads: the headers only, the body being already parsed by the app. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return new Request(`http://${request.host}${MCP_PATH}`, { method: "POST", headers });
}

/** Answers one POST: a fresh SDK server and transport (stateless, so concurrent clients never share JSON-RPC ids). */
async function answerMcp(
  app: FastifyInstance,
  { tools, version }: { tools: Tool[]; version: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const [{ WebStandardStreamableHTTPServerTransport }, { createMcpServer, unknownToolError }] = await loadSdk();
  const authorization = request.headers.authorization;
  const asParsed = parsedArguments(request.body);
  const server = createMcpServer(
    {
      listTools: async () => tools,
      callTool: async (name, args, requestId) => {
        if (!isToolName(tools, name)) throw unknownToolError(name);
        return callOperationTool(app, name, args, { authorization, parsedArguments: asParsed.get(requestId) });
      },
    },
    version,
  );
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(toWebRequest(request), { parsedBody: request.body });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(await response.text());
  } finally {
    await server.close();
  }
}

export async function mcpRoutes(
  app: FastifyInstance,
  options: { version: string; token: string | null; served: readonly OperationId[] },
): Promise<void> {
  // Only the tools whose operations this app serves: with the Handoff Report group off, its two tools are not offered.
  const tools = buildMcpTools().filter((tool) => options.served.includes(tool.name as OperationId));
  app.setErrorHandler(handleMcpError);
  if (options.token === null) {
    app.addHook("onRequest", async (request, reply) => {
      const origin = request.headers.origin;
      if (!isAllowedOrigin(origin))
        await reply
          .code(403)
          .send(jsonRpcError(-32000, "Forbidden: requests from web pages of other hosts are refused."));
    });
  }
  const config = { operationId: "mcp" };
  app.post(MCP_PATH, { schema: { hide: true }, config }, (request, reply) =>
    answerMcp(app, { tools, version: options.version }, request, reply),
  );
  const refuse = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header("allow", "POST")
      .send(jsonRpcError(-32000, "Method not allowed: this server is stateless; POST JSON-RPC messages."));
  app.get(MCP_PATH, { schema: { hide: true }, config }, refuse);
  app.delete(MCP_PATH, { schema: { hide: true }, config }, refuse);
}
