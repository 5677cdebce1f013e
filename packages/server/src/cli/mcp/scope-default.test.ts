import assert from "node:assert/strict";
import { test } from "node:test";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { fillScope, withScopeDefault } from "./scope-default.ts";

const scoped: Tool = {
  name: "search_memory",
  inputSchema: {
    type: "object",
    required: ["scope_id", "query"],
    properties: { scope_id: { type: "string", minLength: 1 }, query: { type: "string" } },
  },
};
const unscoped: Tool = { name: "get_handoff_report_workspace", inputSchema: { type: "object", properties: {} } };

test("a tool that takes scope_id lists it as optional, described with the default; others are unchanged", () => {
  const listed = withScopeDefault(scoped, "git:github.com/acme/billing");
  assert.deepEqual(listed.inputSchema.required, ["query"]);
  assert.deepEqual(listed.inputSchema.properties?.scope_id, {
    type: "string",
    minLength: 1,
    description: "The project's Scope; omit it to use this project's (git:github.com/acme/billing).",
  });
  assert.equal(withScopeDefault(unscoped, "s"), unscoped);
});

test("a call without scope_id gets the default; an explicit one, or a tool without scope_id, is left alone", () => {
  const cases: Array<[Record<string, unknown> | undefined, Tool | undefined, Record<string, unknown> | undefined]> = [
    [{ query: "q" }, scoped, { query: "q", scope_id: "d" }],
    [undefined, scoped, { scope_id: "d" }],
    [{ query: "q", scope_id: "mine" }, scoped, { query: "q", scope_id: "mine" }],
    [{ x: 1 }, unscoped, { x: 1 }],
    [{ x: 1 }, undefined, { x: 1 }],
  ];
  for (const [args, tool, expected] of cases) assert.deepEqual(fillScope(args, "d", tool), expected);
});
