// The MCP projection of the operation table: which operations are MCP tools, under their operation ids, and the hints
// each tool gives a host about its side effects. Schemas are not repeated here: a tool's input is its operation's
// request schema and its result the operation's answer, both taken from operations.ts. An operation named here that
// the table does not (yet) hold is simply not a tool, so the list grows as operations are added.
import { OPERATION_ROUTES, type OperationId } from "./operation-routes.ts";

/** MCP's tool annotations (the spec's `ToolAnnotations` hints); hosts use them to decide what needs confirmation. */
export interface McpToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint: boolean;
}

/** Reads only: Memory, Handoffs, reports and candidates are left as they were. */
const READ_ONLY: McpToolHints = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
/** Appends or updates state without replacing what a person reviewed. */
const WRITES: McpToolHints = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
/** A commit of identical content is a no-op, so repeating the call changes nothing more. */
const IDEMPOTENT_WRITE: McpToolHints = { ...WRITES, idempotentHint: true };
/** A review decision is terminal or replaces a proposal; an exact replay is refused before anything is written. */
const REVIEW_DECISION: McpToolHints = { ...WRITES, destructiveHint: true, idempotentHint: true };

/**
 * The 22 operations upstream PowerContext serves as MCP tools, with upstream's hints, so that its plugins and skills
 * that name these tools work unchanged. Upstream also projects `list_handoff_report_known_scopes`, an operation its
 * published contract (and so ours) does not have.
 */
export const UPSTREAM_MCP_TOOLS: Readonly<Record<string, McpToolHints>> = {
  capture_content_source: WRITES,
  create_work_contract: WRITES,
  handoff_current_work: { ...WRITES, idempotentHint: false },
  acknowledge_handoff: WRITES,
  record_task_outcome: WRITES,
  activate_handoff: WRITES,
  finalize_handoff: WRITES,
  commit_handoff: IDEMPOTENT_WRITE,
  continue_handoff: READ_ONLY,
  search_memory: READ_ONLY,
  list_memory_entries: READ_ONLY,
  get_memory_entry: READ_ONLY,
  remember_memory: WRITES,
  revise_memory_entry: WRITES,
  retire_memory_entry: WRITES,
  get_handoff_report: READ_ONLY,
  get_handoff_report_workspace: READ_ONLY,
  list_artifact_candidates: READ_ONLY,
  get_artifact_candidate: READ_ONLY,
  approve_artifact_candidate: REVIEW_DECISION,
  reject_artifact_candidate: REVIEW_DECISION,
  revise_artifact_candidate: REVIEW_DECISION,
};

/**
 * Tools of ours beyond upstream's, for hosts without Pi's hooks: `prepare_context` gives such a host the same compact,
 * budgeted recall block Pi receives before each turn (search_memory returns hits, not a block to paste), and
 * `flush_memory` turns what `capture_content_source` journaled into Memory, which nothing else does for a host that
 * has no lifecycle hook. prepare_context changes no Memory (it only counts the recall in the statistics).
 */
export const EXTRA_MCP_TOOLS: Readonly<Record<string, McpToolHints>> = {
  prepare_context: READ_ONLY,
  flush_memory: WRITES,
};

export interface McpToolProjection {
  readonly operationId: OperationId;
  readonly hints: McpToolHints;
}

function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(OPERATION_ROUTES, id);
}

/** The tools whose operations the table holds: upstream's first, in upstream's order, then ours. */
export function mcpToolProjection(): McpToolProjection[] {
  return Object.entries({ ...UPSTREAM_MCP_TOOLS, ...EXTRA_MCP_TOOLS }).flatMap(([id, hints]) =>
    isOperationId(id) ? [{ operationId: id, hints }] : [],
  );
}
