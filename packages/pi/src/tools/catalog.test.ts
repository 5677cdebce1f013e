import assert from "node:assert/strict";
import { test } from "node:test";
import { makeSettings } from "../testing/fake-client.ts";
import { searchLimit, TOOLS } from "./catalog.ts";
import { PARAMETERS } from "./schemas.ts";

test("exactly the 13 seed tools are defined, six of them gated mutations", () => {
  assert.deepEqual(TOOLS.map((tool) => tool.name).sort(), [
    "pc_capture_source",
    "pc_handoff_activate",
    "pc_handoff_commit",
    "pc_handoff_continue",
    "pc_handoff_finalize",
    "pc_handoff_prepare",
    "pc_memory_get",
    "pc_memory_list",
    "pc_memory_retire",
    "pc_memory_revise",
    "pc_prepare_context",
    "pc_remember",
    "pc_search",
  ]);
  assert.deepEqual(
    TOOLS.filter((tool) => tool.mutation)
      .map((tool) => tool.name)
      .sort(),
    [
      "pc_capture_source",
      "pc_handoff_activate",
      "pc_handoff_commit",
      "pc_memory_retire",
      "pc_memory_revise",
      "pc_remember",
    ],
  );
  assert.deepEqual(Object.keys(PARAMETERS).sort(), TOOLS.map((tool) => tool.name).sort());
});

test("no tool exposes a scope_id parameter", () => {
  for (const tool of TOOLS) assert.doesNotMatch(JSON.stringify(PARAMETERS[tool.name]), /scope_id/, tool.name);
});

test("each tool builds the wire profile's request body, leaving omitted options absent", () => {
  const settings = makeSettings({ POWERCONTEXT_PI_MAX_BYTES: "2048" });
  const body = (name: string, params: Record<string, unknown>) => {
    const tool = TOOLS.find((candidate) => candidate.name === name);
    assert.ok(tool);
    return tool.body(params, settings);
  };
  const citation = {
    memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
    entry_id: "e",
    entry_version_id: "v",
  };
  const boundary = { name: "content", source_id: "b" };
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["pc_search", { query: "q" }, { query: "q", limit: 8, mode: "auto" }],
    ["pc_search", { query: "q", limit: 50.7, mode: "fts" }, { query: "q", limit: 8, mode: "fts" }],
    ["pc_search", { query: "q", limit: 0 }, { query: "q", limit: 1, mode: "auto" }],
    ["pc_memory_list", {}, { include_inactive: false }],
    ["pc_memory_get", { citation, scope_id: "evil" }, { citation }],
    ["pc_prepare_context", { query: "q" }, { query: "q", max_bytes: 2048 }],
    ["pc_remember", { kind: "decision", text: "t" }, { kind: "decision", text: "t" }],
    [
      "pc_remember",
      { kind: "decision", text: "t", reason: "r", scope_id: "evil" },
      { kind: "decision", text: "t", reason: "r" },
    ],
    ["pc_memory_revise", { citation, kind: "constraint", text: "t" }, { citation, kind: "constraint", text: "t" }],
    ["pc_memory_retire", { citation }, { citation }],
    [
      "pc_capture_source",
      { source_id: "s", content: "c" },
      { source_id: "s", content: "c", metadata: { origin: "pi" } },
    ],
    [
      "pc_handoff_activate",
      { boundary_source: boundary, objective: "o" },
      { boundary_source: boundary, objective: "o", evidence: [] },
    ],
    ["pc_handoff_prepare", { objective: "o", evidence: [] }, { objective: "o", evidence: [] }],
    ["pc_handoff_finalize", { draft: { a: 1 } }, { draft: { a: 1 } }],
    ["pc_handoff_commit", { handoff: { scope_id: "kept-inside" } }, { handoff: { scope_id: "kept-inside" } }],
    ["pc_handoff_continue", { selection: "latest" }, { selection: "latest" }],
  ];
  for (const [name, params, expected] of cases)
    assert.deepEqual(body(name, params), expected, `${name} ${JSON.stringify(params)}`);
});

test("the search limit is floored and clamped to 1–8", () => {
  const cases: [unknown, number][] = [
    [undefined, 8],
    [3.9, 3],
    [-2, 1],
    [100, 8],
    [Number.NaN, 8],
  ];
  for (const [input, expected] of cases) assert.equal(searchLimit(input), expected);
});
