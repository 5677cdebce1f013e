// The MCP tools the Server offers, made from the operation table's MCP projection (@powercontext/protocol): each
// tool's name is its operation id, its input schema the operation's request schema and its output schema the
// operation's success body, so no schema is written twice.
import { mcpToolProjection, type OperationId } from "@powercontext/protocol";
import { OPERATIONS, type OperationSpec } from "@powercontext/protocol/operations";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** The schema as plain JSON (TypeBox's markers dropped); MCP requires an object schema for input and output. */
function plainObjectSchema(schema: unknown): Tool["inputSchema"] {
  const plain = JSON.parse(JSON.stringify(schema ?? { type: "object", properties: {} })) as Tool["inputSchema"];
  return plain.type === "object" ? plain : { type: "object", properties: {} };
}

function successSchema(spec: OperationSpec): unknown {
  return spec.response[200] ?? spec.response[202];
}

/** Every tool, upstream's first; built once at start-up (the table does not change while the Server runs). */
export function buildMcpTools(): Tool[] {
  return mcpToolProjection().map(({ operationId, hints }) => {
    const spec: OperationSpec = OPERATIONS[operationId];
    return {
      name: operationId,
      description: spec.summary,
      inputSchema: plainObjectSchema(spec.body ?? spec.querystring),
      outputSchema: plainObjectSchema(successSchema(spec)),
      annotations: { ...hints },
    };
  });
}

/** Whether `name` is a tool this Server offers. */
export function isToolName(tools: readonly Tool[], name: string): name is OperationId {
  return tools.some((tool) => tool.name === name);
}
