// The Scope `powercontext mcp` fills in for a host that runs it inside a project: a tool that takes `scope_id` lists
// it as optional (its description naming the default), and a call without one gets the default. Pure functions.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

const SCOPE_FIELD = "scope_id";

/** Whether the tool's input has a `scope_id` property. */
export function takesScope(tool: Tool): boolean {
  return Object.hasOwn(tool.inputSchema.properties ?? {}, SCOPE_FIELD);
}

/** The tool as the host sees it: `scope_id` no longer required, and described with the default it falls back to. */
export function withScopeDefault(tool: Tool, scope: string): Tool {
  if (!takesScope(tool)) return tool;
  const properties = tool.inputSchema.properties ?? {};
  const field = properties[SCOPE_FIELD] as Record<string, unknown>;
  const description = `The project's Scope; omit it to use this project's (${scope}).`;
  return {
    ...tool,
    inputSchema: {
      ...tool.inputSchema,
      properties: { ...properties, [SCOPE_FIELD]: { ...field, description } },
      required: (tool.inputSchema.required ?? []).filter((name) => name !== SCOPE_FIELD),
    },
  };
}

/** The arguments with the default Scope added when the tool takes one and the caller gave none. */
export function fillScope(
  args: Record<string, unknown> | undefined,
  scope: string,
  tool: Tool | undefined,
): Record<string, unknown> | undefined {
  if (tool === undefined || !takesScope(tool)) return args;
  if (args !== undefined && args[SCOPE_FIELD] !== undefined) return args;
  return { ...args, [SCOPE_FIELD]: scope };
}
