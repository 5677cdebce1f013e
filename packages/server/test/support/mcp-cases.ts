// What the MCP suites (streamable HTTP and stdio) send: one valid call per tool, in an order where each call's
// arguments come from the results before it (a remembered entry's citation, a prepared Handoff), and the checks on
// tool lists, tool errors and results that both transports must pass.
import assert from "node:assert/strict";
import { EXTRA_MCP_TOOLS, OPERATION_ROUTES, UPSTREAM_MCP_TOOLS } from "@powercontext/protocol";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";

export type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
/** An HTTP operation of the same Server, for the setup no tool does (proposing a candidate, a report project). */
export type PostHttp = (path: string, body: object) => Promise<Json>;
// biome-ignore lint/suspicious/noExplicitAny: results are navigated as JSON
type Json = any;

/** An HTTP operation poster for the Server at `url` with `token`; a status of 300 or more fails the test. */
export function httpPoster(url: () => string, token: string): PostHttp {
  return async (path, body) => {
    const response = await fetch(`${url()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    assert.ok(response.status < 300, `${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** The tools a Server with this operation table offers: upstream's that the table holds, then ours. */
export function expectedToolNames(): string[] {
  return [...Object.keys(UPSTREAM_MCP_TOOLS), ...Object.keys(EXTRA_MCP_TOOLS)].filter((id) =>
    Object.hasOwn(OPERATION_ROUTES, id),
  );
}

/** Checks names (in order) and each tool's annotations against the projection, and that schemas are objects. */
export function assertToolList(tools: readonly Tool[]): void {
  assert.deepEqual(
    tools.map((tool) => tool.name),
    expectedToolNames(),
  );
  const hints = { ...UPSTREAM_MCP_TOOLS, ...EXTRA_MCP_TOOLS };
  for (const tool of tools) {
    assert.deepEqual(tool.annotations, hints[tool.name], tool.name);
    assert.equal(tool.inputSchema.type, "object", tool.name);
    if (tool.outputSchema !== undefined) assert.equal(tool.outputSchema.type, "object", tool.name);
  }
  for (const name of ["search_memory", "remember_memory", "prepare_context", "commit_handoff"]) {
    assert.ok(tools.find((tool) => tool.name === name)?.outputSchema, `${name} declares its output schema`);
  }
  const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
  const readOnlyTools = [
    "continue_handoff",
    "search_memory",
    "list_memory_entries",
    "get_memory_entry",
    "get_handoff_report",
    "get_handoff_report_workspace",
    "list_artifact_candidates",
    "get_artifact_candidate",
    "prepare_context",
  ];
  assert.deepEqual(
    readOnly,
    readOnlyTools.filter((name) => expectedToolNames().includes(name)),
  );
}

/** The contract's error envelope a tool error carries as its text. */
export function toolError(result: CallToolResult): { code: string; message: string } {
  assert.equal(result.isError, true, `expected a tool error, got ${JSON.stringify(result).slice(0, 300)}`);
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  return (JSON.parse(text) as { error: { code: string; message: string } }).error;
}

/** The operation's JSON body a successful tool call returns (as structured content and as its text). */
export function toolBody(result: CallToolResult): Json {
  assert.notEqual(result.isError, true, `expected a result, got ${JSON.stringify(result).slice(0, 500)}`);
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  assert.deepEqual(JSON.parse(text), result.structuredContent);
  return result.structuredContent;
}

const source = (source_id: string) => ({ kind: "source", source_ref: { name: "content", source_id } });
const claim = (text: string) => ({ text, basis: "declared", evidence: [] });

const CONTRACT = {
  schema: "powercontext.work-contract.v1",
  trust: "untrusted_input",
  objective: "Move the billing export to PostgreSQL 16",
  facts: [claim("The export currently writes to SQLite.")],
  in_scope: ["Export job and its migrations"],
  exclusions: ["Invoice rendering"],
  completion_criteria: ["Export passes against staging PostgreSQL"],
  authorization_notes: [],
  open_questions: [],
};

const CURRENT_WORK = {
  schema: "powercontext.current-work-handoff.v1",
  trust: "untrusted_input",
  objective: "Hand off the PostgreSQL export migration",
  state: [{ text: "Export job writes to PostgreSQL 16.", basis: "verified", evidence: [source("mcp-log-1")] }],
  disposition: "continuable",
  next_action: claim("Compare staging row counts."),
  omissions: ["Load tests not run."],
};

const OUTCOME = {
  schema: "powercontext.task-outcome.v1",
  trust: "untrusted_observation",
  objective: "Move the billing export to PostgreSQL 16",
  status: "succeeded",
  summary: "Export runs on PostgreSQL 16 in staging.",
  observations: [claim("Staging row counts match.")],
  checks: [{ name: "npm test", status: "passed", basis: "declared", evidence: [] }],
  produced_artifacts: [],
  remaining_work: [],
};

/**
 * Calls every tool the table holds with valid arguments and checks each answer's shape; returns the names called.
 * Tools added later (Experience, Skill and artifact candidates, Handoff Reports) get their cases when they land.
 */
export async function callEveryToolValidly(call: CallTool, http: PostHttp, scope_id: string): Promise<string[]> {
  const called: string[] = [];
  const ok = async (name: string, args: Record<string, unknown>, scoped = true): Promise<Json> => {
    called.push(name);
    return toolBody(await call(name, scoped ? { scope_id, ...args } : args));
  };
  const log = "Export job writes to PostgreSQL 16.\nNext: compare staging row counts.";
  assert.equal((await ok("capture_content_source", { source_id: "mcp-log-1", content: log })).status, "accepted");
  const remembered = await ok("remember_memory", { kind: "decision", text: "Billing exports use PostgreSQL 16." });
  const citation = remembered.entry.citation;
  assert.ok((await ok("search_memory", { query: "PostgreSQL billing exports" })).hits.length >= 1);
  assert.equal((await ok("list_memory_entries", {})).entries.length, 1);
  assert.equal((await ok("get_memory_entry", { citation })).text, "Billing exports use PostgreSQL 16.");
  const revised = await ok("revise_memory_entry", { citation, kind: "decision", text: "Exports use PostgreSQL 16." });
  await ok("retire_memory_entry", { citation: revised.entry.citation, reason: "superseded" });
  assert.equal(
    (await ok("create_work_contract", { source_id: "contract-1", contract: CONTRACT })).kind,
    "work-contract",
  );
  const current = await ok("handoff_current_work", { source_id: "boundary-1", handoff: CURRENT_WORK });
  const committed = await ok("commit_handoff", { handoff: current.handoff });
  assert.equal((await ok("continue_handoff", { selection: "latest" })).status, "resolved");
  const receipt = await ok("acknowledge_handoff", {
    source_id: "receipt-1",
    receiver: "mcp:test",
    status: "accepted",
    selection: "exact",
    receiver_checks: { live_state: "confirmed", capability: "confirmed", authorization: "confirmed" },
    revision: committed.reference,
  });
  const outcome = { ...OUTCOME, handoff_receipt_ref: receipt.receipt.source };
  assert.equal((await ok("record_task_outcome", { source_id: "outcome-1", outcome })).kind, "task-outcome");
  const boundary_source = { name: "content", source_id: "mcp-log-1" };
  const activated = await ok("activate_handoff", { boundary_source, objective: "Continue the export migration" });
  assert.equal(activated.status, "generated");
  assert.ok((await ok("finalize_handoff", { draft: activated.draft })).content);
  assert.ok(["ready", "empty"].includes((await ok("prepare_context", { query: "billing export database" })).status));
  assert.ok(["processed", "idle"].includes((await ok("flush_memory", {})).status));
  await callReviewTools(ok, http, scope_id);
  await callReportTools(ok, http, scope_id);
  return called;
}

type Ok = (name: string, args: Record<string, unknown>, scoped?: boolean) => Promise<Json>;

const EXPERIENCE = {
  situation: "Billing migrations failed on CI.",
  action: "Pinned the migration tool version.",
  outcome: "CI passed.",
  lesson: "Pin schema tooling in CI.",
};

/** The artifact candidate tools, on two Experience candidates proposed over HTTP. */
async function callReviewTools(ok: Ok, http: PostHttp, scope_id: string): Promise<void> {
  const cited = { scope_id, source_refs: [{ name: "content", source_id: "mcp-log-1" }], artifact_refs: [] };
  const first = await http("/v1/experience/propose", { ...cited, proposal: EXPERIENCE });
  const second = await http("/v1/experience/propose", { ...cited, proposal: { ...EXPERIENCE, lesson: "Pin tools." } });
  const listed = await ok("list_artifact_candidates", {});
  assert.ok(listed.candidates.some((candidate: Json) => candidate.candidate_id === first.candidate_id));
  const candidate_id = first.candidate_id;
  assert.equal((await ok("get_artifact_candidate", { candidate_id })).version, 1);
  const proposal = { ...EXPERIENCE, lesson: "Pin every schema tool in CI." };
  const revised = await ok("revise_artifact_candidate", { ...cited, candidate_id, expected_version: 1, proposal });
  assert.equal(revised.version, 2);
  const approved = await ok("approve_artifact_candidate", { candidate_id, expected_version: 2 });
  assert.equal(approved.status, "approved");
  const rejected = await ok("reject_artifact_candidate", {
    candidate_id: second.candidate_id,
    expected_version: 1,
    reason: "Says the same as the approved one.",
  });
  assert.equal(rejected.status, "rejected");
}

/** The Handoff Report tools, on a report project and a workspace binding made over HTTP. */
async function callReportTools(ok: Ok, http: PostHttp, scope_id: string): Promise<void> {
  const project = await http("/v1/handoff-reports/projects/create", {
    project_key: "export",
    title: "Export service",
    default_locale: "en",
  });
  const workspace_instance_id = `ws-${scope_id}`;
  await http("/v1/handoff-reports/workspace-bindings/attach", {
    workspace_instance_id,
    project_id: project.project_id,
    repository_ref: {
      provider: "github",
      repository_id: null,
      normalized_remote: "github.com/acme/export",
      subpath: ".",
    },
    expected_version: null,
  });
  const report = await ok("get_handoff_report", { project_id: project.project_id, format: "json" }, false);
  assert.ok(report.report);
  const binding = await ok("get_handoff_report_workspace", { workspace_instance_id }, false);
  assert.equal(binding.project_id, project.project_id);
}

/** Every listed tool refuses an argument set its schema does not allow, with the contract's invalid_request. */
export async function assertEveryToolRefusesInvalidArguments(call: CallTool, tools: readonly Tool[]): Promise<void> {
  for (const tool of tools) {
    const error = toolError(await call(tool.name, { unexpected_field: true }));
    assert.equal(error.code, "invalid_request", tool.name);
    assert.match(error.message, /violates the API contract/, tool.name);
  }
}
