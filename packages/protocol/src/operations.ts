// Every HTTP operation we serve, keyed by operationId: method, path, request and response schemas per status.
// Route plugins read their schemas from here and the OpenAPI document is generated from it.
import type { TSchema } from "typebox";
import { CapabilitiesResponse } from "./schemas/capabilities.ts";
import {
  ApproveMemoryCandidateRequest,
  GetMemoryCandidateRequest,
  ListMemoryCandidatesRequest,
  ListMemoryCandidatesResponse,
  MemoryCandidate,
  RejectMemoryCandidateRequest,
  ReviseMemoryCandidateRequest,
} from "./schemas/candidates.ts";
import { MemoryEntry } from "./schemas/common.ts";
import { PrepareContextRequest, PreparedContext } from "./schemas/context.ts";
import { ErrorEnvelope } from "./schemas/error.ts";
import {
  ActivateHandoffRequest,
  ActivateHandoffResponse,
  CommitHandoffRequest,
  CommitHandoffResponse,
  ContinueHandoffRequest,
  FinalizeHandoffRequest,
  HandoffDraft,
  HandoffResolution,
  PrepareHandoffRequest,
  PreparedHandoff,
} from "./schemas/handoff.ts";
import { LivenessResponse, ReadinessResponse } from "./schemas/health.ts";
import {
  FlushMemoryRequest,
  FlushMemoryResponse,
  GetMemoryEntryRequest,
  ListMemoryChangesRequest,
  ListMemoryChangesResponse,
  ListMemoryEntriesRequest,
  ListMemoryEntriesResponse,
  MemoryMutationResponse,
  RememberRequest,
  RetireMemoryEntryRequest,
  ReviseMemoryEntryRequest,
  SearchMemoryRequest,
  SearchMemoryResponse,
} from "./schemas/memory.ts";
import { CaptureRequest, CaptureResponse } from "./schemas/sources.ts";
import { ScopedStats, StatsQuery } from "./schemas/stats.ts";
import {
  AcknowledgeHandoffRequest,
  AcknowledgeHandoffResponse,
  CreateWorkContractRequest,
  PrepareCurrentHandoffRequest,
  PrepareCurrentHandoffResponse,
  RecordTaskOutcomeRequest,
  WorkSourceReceipt,
} from "./schemas/work.ts";

export interface OperationSpec {
  readonly method: "GET" | "POST";
  readonly url: string;
  readonly summary: string;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  /** Status → body schema: the success status first, then every error status the operation can answer. */
  readonly response: Readonly<Record<number, TSchema>>;
}

/**
 * Errors any protected operation can answer: 401 `unauthorized` (when auth is on), 500 `internal_error`, 503
 * `runtime_not_ready` and, for model-backed work, `inference_timeout`/`inference_unavailable`.
 */
const PROTECTED_ERRORS = { 401: ErrorEnvelope, 500: ErrorEnvelope, 503: ErrorEnvelope } as const;
/** Plus 422 `invalid_request` for operations that take input. */
const INPUT_ERRORS = { ...PROTECTED_ERRORS, 422: ErrorEnvelope } as const;
/** Plus 404 and 409 for operations that address or write existing state. */
const WRITE_ERRORS = { ...INPUT_ERRORS, 404: ErrorEnvelope, 409: ErrorEnvelope } as const;

export const OPERATIONS = {
  get_liveness: {
    method: "GET",
    url: "/health/live",
    summary: "Report that the process is up. Public.",
    response: { 200: LivenessResponse, 500: ErrorEnvelope },
  },
  get_readiness: {
    method: "GET",
    url: "/health/ready",
    summary: "Report readiness and each check's state; 503 with the same body when not ready. Public.",
    response: { 200: ReadinessResponse, 503: ReadinessResponse, 500: ErrorEnvelope },
  },
  get_capabilities: {
    method: "GET",
    url: "/v1/capabilities",
    summary: "Describe the Source types, artifact families, search modes and optional features this server offers.",
    response: { 200: CapabilitiesResponse, ...PROTECTED_ERRORS },
  },
  get_stats: {
    method: "GET",
    url: "/v1/stats",
    summary: "Inventory, model usage and recall statistics of one scope over a period (default 30d).",
    querystring: StatsQuery,
    response: { 200: ScopedStats, ...INPUT_ERRORS },
  },
  capture_content_source: {
    method: "POST",
    url: "/v1/sources/content",
    summary: "Append one immutable content Source to the scope journal; idempotent per (scope_id, source_id).",
    body: CaptureRequest,
    response: { 202: CaptureResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  prepare_context: {
    method: "POST",
    url: "/v1/context/prepare",
    summary: "Recall Memory and Experience for a query as a PreparedContext v1 block within max_bytes.",
    body: PrepareContextRequest,
    response: { 200: PreparedContext, ...INPUT_ERRORS },
  },
  flush_memory: {
    method: "POST",
    url: "/v1/memory/flush",
    summary: "Process at most one window of pending Sources into Memory, advancing the cursor atomically.",
    body: FlushMemoryRequest,
    response: { 200: FlushMemoryResponse, ...INPUT_ERRORS },
  },
  remember_memory: {
    method: "POST",
    url: "/v1/memory/remember",
    summary: "Append one explicit Memory entry, optionally guarded by the expected head revision.",
    body: RememberRequest,
    response: { 200: MemoryMutationResponse, ...WRITE_ERRORS },
  },
  search_memory: {
    method: "POST",
    url: "/v1/memory/search",
    summary: "Search the active entries of the Memory head, best first.",
    body: SearchMemoryRequest,
    response: { 200: SearchMemoryResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  list_memory_entries: {
    method: "POST",
    url: "/v1/memory/entries/list",
    summary: "List the entries of the Memory head, active only unless include_inactive.",
    body: ListMemoryEntriesRequest,
    response: { 200: ListMemoryEntriesResponse, ...INPUT_ERRORS },
  },
  get_memory_entry: {
    method: "POST",
    url: "/v1/memory/entries/get",
    summary: "Get the entry version a citation names, in any historical revision.",
    body: GetMemoryEntryRequest,
    response: { 200: MemoryEntry, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  revise_memory_entry: {
    method: "POST",
    url: "/v1/memory/entries/revise",
    summary: "Write a new version of an active entry cited at the head.",
    body: ReviseMemoryEntryRequest,
    response: { 200: MemoryMutationResponse, ...WRITE_ERRORS },
  },
  retire_memory_entry: {
    method: "POST",
    url: "/v1/memory/entries/retire",
    summary: "Deactivate an entry cited at the head; a no-op when it is already inactive.",
    body: RetireMemoryEntryRequest,
    response: { 200: MemoryMutationResponse, ...WRITE_ERRORS },
  },
  list_memory_changes: {
    method: "POST",
    url: "/v1/memory/changes",
    summary: "List the entry changes of the revisions after since_revision, or of the head alone.",
    body: ListMemoryChangesRequest,
    response: { 200: ListMemoryChangesResponse, ...INPUT_ERRORS },
  },
  list_memory_candidates: {
    method: "POST",
    url: "/v1/memory/candidates/list",
    summary: "Page through the scope's Memory candidates with a given status (default pending).",
    body: ListMemoryCandidatesRequest,
    response: { 200: ListMemoryCandidatesResponse, ...INPUT_ERRORS },
  },
  get_memory_candidate: {
    method: "POST",
    url: "/v1/memory/candidates/get",
    summary: "Get the current head of one Memory candidate.",
    body: GetMemoryCandidateRequest,
    response: { 200: MemoryCandidate, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  approve_memory_candidate: {
    method: "POST",
    url: "/v1/memory/candidates/approve",
    summary: "Remember a pending candidate's proposal and mark it approved, if its version is still expected.",
    body: ApproveMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  reject_memory_candidate: {
    method: "POST",
    url: "/v1/memory/candidates/reject",
    summary: "Mark a pending candidate rejected with a reason, if its version is still expected.",
    body: RejectMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  revise_memory_candidate: {
    method: "POST",
    url: "/v1/memory/candidates/revise",
    summary: "Replace a pending candidate's proposal, creating its next version.",
    body: ReviseMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  prepare_handoff: {
    method: "POST",
    url: "/v1/handoff/prepare",
    summary:
      "Draft a Handoff from an objective and 1–32 unique cited evidence items (deterministic, or by the configured model with fallback). Persists nothing.",
    body: PrepareHandoffRequest,
    response: { 200: HandoffDraft, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  finalize_handoff: {
    method: "POST",
    url: "/v1/handoff/finalize",
    summary:
      "Check that every direct citation of a draft resolves and return a PreparedHandoff recording the head it saw.",
    body: FinalizeHandoffRequest,
    response: { 200: PreparedHandoff, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  commit_handoff: {
    method: "POST",
    url: "/v1/handoff/commit",
    summary:
      "Commit a PreparedHandoff as the next Handoff revision if its base is still the head; identical content is a no-op.",
    body: CommitHandoffRequest,
    response: { 200: CommitHandoffResponse, ...WRITE_ERRORS },
  },
  continue_handoff: {
    method: "POST",
    url: "/v1/handoff/continue",
    summary: "Resolve a prepared, exact or latest Handoff as untrusted history with per-statement evidence checks.",
    body: ContinueHandoffRequest,
    response: { 200: HandoffResolution, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  activate_handoff: {
    method: "POST",
    url: "/v1/handoff/activate",
    summary:
      "Draft a Handoff at a boundary Source past the scope's handoff cursor, moving the cursor; otherwise ignored.",
    body: ActivateHandoffRequest,
    response: { 200: ActivateHandoffResponse, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  create_work_contract: {
    method: "POST",
    url: "/v1/work/contracts/create",
    summary: "Store a WorkContract as a work-contract Source; idempotent per (scope_id, source_id).",
    body: CreateWorkContractRequest,
    response: { 202: WorkSourceReceipt, ...WRITE_ERRORS },
  },
  handoff_current_work: {
    method: "POST",
    url: "/v1/work/handoffs/prepare-current",
    summary:
      "Capture a CurrentWorkHandoff as a handoff-boundary Source and return it finalized as a PreparedHandoff (no model).",
    body: PrepareCurrentHandoffRequest,
    response: { 200: PrepareCurrentHandoffResponse, ...WRITE_ERRORS },
  },
  acknowledge_handoff: {
    method: "POST",
    url: "/v1/work/handoffs/acknowledge",
    summary:
      "Resolve a prepared or exact Handoff as continue does and store the receiver's verdict as a handoff-receipt Source.",
    body: AcknowledgeHandoffRequest,
    response: { 200: AcknowledgeHandoffResponse, ...WRITE_ERRORS },
  },
  record_task_outcome: {
    method: "POST",
    url: "/v1/work/outcomes/record",
    summary: "Store a TaskOutcome as a task-outcome Source; idempotent per (scope_id, source_id).",
    body: RecordTaskOutcomeRequest,
    response: { 202: WorkSourceReceipt, ...WRITE_ERRORS },
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;
