// Where each HTTP operation lives, keyed by operationId: method, path and a one-line summary. No TypeBox here, so a
// client can address the operations without loading the schemas (the Pi package runs under its host's own TypeBox);
// operations.ts completes each entry with its schemas.
import { HANDOFF_REPORT_ROUTES } from "./handoff-report-routes.ts";

export interface OperationRoute {
  /** A GET takes its input as query-string parameters, a POST as a JSON body. */
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly summary: string;
}

export const OPERATION_ROUTES = {
  get_liveness: {
    method: "GET",
    path: "/health/live",
    summary: "Report that the process is up. Public.",
  },
  get_readiness: {
    method: "GET",
    path: "/health/ready",
    summary: "Report readiness and each check's state; 503 with the same body when not ready. Public.",
  },
  get_capabilities: {
    method: "GET",
    path: "/v1/capabilities",
    summary: "Describe the Source types, artifact families, search modes and optional features this server offers.",
  },
  get_stats: {
    method: "GET",
    path: "/v1/stats",
    summary: "Inventory, model usage and recall statistics of one scope over a period (default 30d).",
  },
  capture_content_source: {
    method: "POST",
    path: "/v1/sources/content",
    summary: "Append one immutable content Source to the scope journal; idempotent per (scope_id, source_id).",
  },
  prepare_context: {
    method: "POST",
    path: "/v1/context/prepare",
    summary: "Recall Memory and Experience for a query as a PreparedContext v1 block within max_bytes.",
  },
  flush_memory: {
    method: "POST",
    path: "/v1/memory/flush",
    summary: "Process at most one window of pending Sources into Memory, advancing the cursor atomically.",
  },
  remember_memory: {
    method: "POST",
    path: "/v1/memory/remember",
    summary: "Append one explicit Memory entry, optionally guarded by the expected head revision.",
  },
  search_memory: {
    method: "POST",
    path: "/v1/memory/search",
    summary: "Search the active entries of the Memory head, best first.",
  },
  list_memory_entries: {
    method: "POST",
    path: "/v1/memory/entries/list",
    summary: "List the entries of the Memory head, active only unless include_inactive.",
  },
  get_memory_entry: {
    method: "POST",
    path: "/v1/memory/entries/get",
    summary: "Get the entry version a citation names, in any historical revision.",
  },
  revise_memory_entry: {
    method: "POST",
    path: "/v1/memory/entries/revise",
    summary: "Write a new version of an active entry cited at the head.",
  },
  retire_memory_entry: {
    method: "POST",
    path: "/v1/memory/entries/retire",
    summary: "Deactivate an entry cited at the head; a no-op when it is already inactive.",
  },
  list_memory_changes: {
    method: "POST",
    path: "/v1/memory/changes",
    summary: "List the entry changes of the revisions after since_revision, or of the head alone.",
  },
  list_memory_candidates: {
    method: "POST",
    path: "/v1/memory/candidates/list",
    summary: "Page through the scope's Memory candidates with a given status (default pending).",
  },
  get_memory_candidate: {
    method: "POST",
    path: "/v1/memory/candidates/get",
    summary: "Get the current head of one Memory candidate.",
  },
  approve_memory_candidate: {
    method: "POST",
    path: "/v1/memory/candidates/approve",
    summary: "Remember a pending candidate's proposal and mark it approved, if its version is still expected.",
  },
  reject_memory_candidate: {
    method: "POST",
    path: "/v1/memory/candidates/reject",
    summary: "Mark a pending candidate rejected with a reason, if its version is still expected.",
  },
  revise_memory_candidate: {
    method: "POST",
    path: "/v1/memory/candidates/revise",
    summary: "Replace a pending candidate's proposal, creating its next version.",
  },
  prepare_handoff: {
    method: "POST",
    path: "/v1/handoff/prepare",
    summary:
      "Draft a Handoff from an objective and 1–32 unique cited evidence items (deterministic, or by the configured model with fallback). Persists nothing.",
  },
  finalize_handoff: {
    method: "POST",
    path: "/v1/handoff/finalize",
    summary:
      "Check that every direct citation of a draft resolves and return a PreparedHandoff recording the head it saw.",
  },
  commit_handoff: {
    method: "POST",
    path: "/v1/handoff/commit",
    summary:
      "Commit a PreparedHandoff as the next Handoff revision if its base is still the head; identical content is a no-op.",
  },
  continue_handoff: {
    method: "POST",
    path: "/v1/handoff/continue",
    summary: "Resolve a prepared, exact or latest Handoff as untrusted history with per-statement evidence checks.",
  },
  activate_handoff: {
    method: "POST",
    path: "/v1/handoff/activate",
    summary:
      "Draft a Handoff at a boundary Source past the scope's handoff cursor, moving the cursor; otherwise ignored.",
  },
  create_work_contract: {
    method: "POST",
    path: "/v1/work/contracts/create",
    summary: "Store a WorkContract as a work-contract Source; idempotent per (scope_id, source_id).",
  },
  handoff_current_work: {
    method: "POST",
    path: "/v1/work/handoffs/prepare-current",
    summary:
      "Capture a CurrentWorkHandoff as a handoff-boundary Source and return it finalized as a PreparedHandoff (no model).",
  },
  acknowledge_handoff: {
    method: "POST",
    path: "/v1/work/handoffs/acknowledge",
    summary:
      "Resolve a prepared or exact Handoff as continue does and store the receiver's verdict as a handoff-receipt Source.",
  },
  record_task_outcome: {
    method: "POST",
    path: "/v1/work/outcomes/record",
    summary: "Store a TaskOutcome as a task-outcome Source; idempotent per (scope_id, source_id).",
  },
  ...HANDOFF_REPORT_ROUTES,
  // Experience, managed Skill, their review inbox and external Skills (issue 19).
  propose_experience: {
    method: "POST",
    path: "/v1/experience/propose",
    summary: "Store an Experience proposal as a pending candidate citing exact evidence; writes no artifact.",
  },
  generate_experience: {
    method: "POST",
    path: "/v1/experience/generate",
    summary:
      "Draft an Experience from the cited Sources, task outcomes and Handoffs (by the configured model, else deterministically) as a pending candidate.",
  },
  get_experience: {
    method: "POST",
    path: "/v1/experience/get",
    summary: "Get one exact approved Experience revision with its direct evidence.",
  },
  propose_skill: {
    method: "POST",
    path: "/v1/skill/propose",
    summary: "Store a managed Skill proposal as a pending candidate citing exact evidence; writes no artifact.",
  },
  generate_skill: {
    method: "POST",
    path: "/v1/skill/generate",
    summary:
      "Draft a managed Skill from the cited Experiences or Sources (by the configured model, else deterministically) as a pending candidate.",
  },
  get_skill: {
    method: "POST",
    path: "/v1/skill/get",
    summary: "Get one exact approved managed Skill revision with its direct evidence.",
  },
  scan_external_skills: {
    method: "POST",
    path: "/v1/external-skills/scan",
    summary: "Rebuild the host-local registry of Skill folders under the configured roots.",
  },
  list_external_skills: {
    method: "POST",
    path: "/v1/external-skills/list",
    summary: "List the registered external Skills resolved against the files on disk now.",
  },
  resolve_external_skill: {
    method: "POST",
    path: "/v1/external-skills/resolve",
    summary: "Resolve one registered external Skill at an exact fingerprint; never falls back to another version.",
  },
  import_external_skill: {
    method: "POST",
    path: "/v1/external-skills/import",
    summary:
      "Capture one exact external Skill snapshot as a Source and propose it as a pending managed Skill candidate.",
  },
  list_artifact_candidates: {
    method: "POST",
    path: "/v1/artifact-candidates/list",
    summary: "Page the current Experience and Skill candidate heads with a given status (default pending).",
  },
  get_artifact_candidate: {
    method: "POST",
    path: "/v1/artifact-candidates/get",
    summary: "Get the current head of one Experience or Skill candidate.",
  },
  approve_artifact_candidate: {
    method: "POST",
    path: "/v1/artifact-candidates/approve",
    summary: "Write the candidate's artifact revision and mark it approved in one transaction.",
  },
  reject_artifact_candidate: {
    method: "POST",
    path: "/v1/artifact-candidates/reject",
    summary: "Mark a pending candidate rejected with a reason; writes no artifact.",
  },
  revise_artifact_candidate: {
    method: "POST",
    path: "/v1/artifact-candidates/revise",
    summary: "Replace a pending candidate's proposal and evidence, creating its next version.",
  },
  // Purge: our addition to the contract (upstream has no deletion path), one operation per target.
  purge_source: {
    method: "POST",
    path: "/v1/purge/source",
    summary:
      "Delete one Source, and every candidate citing it, from every table and index; leaves an audit record without text. PowerContext extension.",
  },
  purge_memory_entry: {
    method: "POST",
    path: "/v1/purge/entry",
    summary:
      "Delete one Memory entry with all its versions, and the candidates that proposed it, from every table and index; leaves an audit record without text. PowerContext extension.",
  },
  purge_scope: {
    method: "POST",
    path: "/v1/purge/scope",
    summary:
      "Delete everything a scope holds from every table and index; leaves an audit record without text. PowerContext extension.",
  },
  list_purges: {
    method: "POST",
    path: "/v1/purge/list",
    summary: "List the audit records of a scope's purges, oldest first. PowerContext extension.",
  },
} as const satisfies Record<string, OperationRoute>;

export type OperationId = keyof typeof OPERATION_ROUTES;

/** Where upstream's optional Handoff Report group lives: a Server with the group off serves none of these paths. */
export const HANDOFF_REPORT_PATH_PREFIX = "/v1/handoff-reports/";

/** The operations of the Handoff Report group, read off the table by their path. */
export const HANDOFF_REPORT_OPERATIONS: readonly OperationId[] = (
  Object.keys(OPERATION_ROUTES) as OperationId[]
).filter((id) => OPERATION_ROUTES[id].path.startsWith(HANDOFF_REPORT_PATH_PREFIX));
