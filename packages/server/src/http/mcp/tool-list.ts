// The MCP tools the Server offers, made from the operation table's MCP projection (@powercontext/protocol): each
// tool's name is its operation id, its input schema the operation's request schema and its output schema the
// operation's success body, so no schema is written twice.
import { mcpToolProjection, type OperationId } from "@powercontext/protocol";
import { OPERATIONS, type OperationSpec } from "@powercontext/protocol/operations";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/**
 * The schema as plain JSON (TypeBox's markers dropped), if it describes an object, or null: MCP requires object
 * schemas. A union of objects (PreparedContext: ready or empty) gets `type: "object"` at its root to say so.
 */
function objectSchema(schema: unknown): Tool["inputSchema"] | null {
  if (schema === undefined) return null;
  const plain = JSON.parse(JSON.stringify(schema)) as Tool["inputSchema"] & { anyOf?: { type?: unknown }[] };
  if (plain.type === "object") return plain;
  const unionOfObjects = plain.anyOf?.every((branch) => branch.type === "object") ?? false;
  return unionOfObjects ? { ...plain, type: "object" } : null;
}

function successSchema(spec: OperationSpec): unknown {
  return spec.response[200] ?? spec.response[202];
}

function withOutputSchema(schema: Tool["inputSchema"] | null): Pick<Tool, "outputSchema"> {
  return schema === null ? {} : { outputSchema: schema };
}

/** Every tool, upstream's first; built once at start-up (the table does not change while the Server runs). */
export function buildMcpTools(): Tool[] {
  return mcpToolProjection().map(({ operationId, hints }) => {
    const spec: OperationSpec = OPERATIONS[operationId];
    return {
      name: operationId,
      description: spec.summary,
      inputSchema: objectSchema(spec.body ?? spec.querystring) ?? { type: "object", properties: {} },
      // Declared only for an object answer: a client then requires it as structuredContent (call-tool.ts).
      ...withOutputSchema(objectSchema(successSchema(spec))),
      annotations: { ...hints },
    };
  });
}

/** Whether `name` is a tool this Server offers. */
export function isToolName(tools: readonly Tool[], name: string): name is OperationId {
  return tools.some((tool) => tool.name === name);
}
