// Runs an MCP tool as the HTTP operation of the same name, through the app's own request handling (Fastify's inject):
// the same authentication, validation, integer strictness, secret checks, domain code and error envelope, so a tool
// behaves exactly as its operation does over HTTP. The result is the operation's JSON body; an error answer becomes
// an MCP tool error whose text is the contract's error envelope (code, message, details).
import { type OperationId, toHttpRequest } from "@powercontext/protocol";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { OPERATIONS, type OperationSpec } from "@powercontext/protocol/operations";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../error-body.ts";
import { floatSpelledIntegerRefusal } from "../strict-integers.ts";

export interface ToolCallContext {
  /** The Authorization header of the MCP request, passed on so the operation sees the caller's own credentials. */
  authorization: string | undefined;
  /** The arguments as the app's JSON parser made them (they know how each number was spelled), if known. */
  parsedArguments?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function callOperationTool(
  app: FastifyInstance,
  operationId: OperationId,
  args: Record<string, unknown> | undefined,
  context: ToolCallContext,
): Promise<CallToolResult> {
  // Serializing the arguments again would turn `29.0` into `29`; the parsed arguments still know how it was spelled.
  const spec: OperationSpec = OPERATIONS[operationId];
  const refusal = floatSpelledIntegerRefusal(spec.body, context.parsedArguments ?? args);
  if (refusal !== null) {
    const text = JSON.stringify(errorBody(refusal.code, refusal.message, refusal.details));
    return { isError: true, content: [{ type: "text", text }] };
  }
  const { method, path, query, body } = toHttpRequest(operationId, args ?? {});
  const response = await app.inject({
    method,
    url: `${path}${query}`,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(context.authorization === undefined ? {} : { authorization: context.authorization }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
  const text = response.body;
  if (response.statusCode >= 300) return { isError: true, content: [{ type: "text", text }] };
  // A download (get_handoff_report with download: true) answers the document itself, not JSON: it goes as text.
  const parsed = parseJson(text);
  return { content: [{ type: "text", text }], ...(isObject(parsed) ? { structuredContent: parsed } : {}) };
}
