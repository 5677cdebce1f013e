// The operation table: every HTTP operation of the contract, keyed by operationId, with its route (method, path,
// summary), its request schema and its response schema per status. The Server registers its routes from this table,
// the OpenAPI document is generated from those routes, and the Pi client takes its types from it.
import type { TSchema } from "typebox";
import { OPERATION_ROUTES, type OperationId, type OperationRoute } from "./operation-routes.ts";
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

export interface OperationSpec extends OperationRoute {
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
    ...OPERATION_ROUTES.get_liveness,
    response: { 200: LivenessResponse, 500: ErrorEnvelope },
  },
  get_readiness: {
    ...OPERATION_ROUTES.get_readiness,
    response: { 200: ReadinessResponse, 503: ReadinessResponse, 500: ErrorEnvelope },
  },
  get_capabilities: {
    ...OPERATION_ROUTES.get_capabilities,
    response: { 200: CapabilitiesResponse, ...PROTECTED_ERRORS },
  },
  get_stats: {
    ...OPERATION_ROUTES.get_stats,
    querystring: StatsQuery,
    response: { 200: ScopedStats, ...INPUT_ERRORS },
  },
  capture_content_source: {
    ...OPERATION_ROUTES.capture_content_source,
    body: CaptureRequest,
    response: { 202: CaptureResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  prepare_context: {
    ...OPERATION_ROUTES.prepare_context,
    body: PrepareContextRequest,
    response: { 200: PreparedContext, ...INPUT_ERRORS },
  },
  flush_memory: {
    ...OPERATION_ROUTES.flush_memory,
    body: FlushMemoryRequest,
    response: { 200: FlushMemoryResponse, ...INPUT_ERRORS },
  },
  remember_memory: {
    ...OPERATION_ROUTES.remember_memory,
    body: RememberRequest,
    response: { 200: MemoryMutationResponse, ...WRITE_ERRORS },
  },
  search_memory: {
    ...OPERATION_ROUTES.search_memory,
    body: SearchMemoryRequest,
    response: { 200: SearchMemoryResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  list_memory_entries: {
    ...OPERATION_ROUTES.list_memory_entries,
    body: ListMemoryEntriesRequest,
    response: { 200: ListMemoryEntriesResponse, ...INPUT_ERRORS },
  },
  get_memory_entry: {
    ...OPERATION_ROUTES.get_memory_entry,
    body: GetMemoryEntryRequest,
    response: { 200: MemoryEntry, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  revise_memory_entry: {
    ...OPERATION_ROUTES.revise_memory_entry,
    body: ReviseMemoryEntryRequest,
    response: { 200: MemoryMutationResponse, ...WRITE_ERRORS },
  },
  retire_memory_entry: {
    ...OPERATION_ROUTES.retire_memory_entry,
    body: RetireMemoryEntryRequest,
    response: { 200: MemoryMutationResponse, ...WRITE_ERRORS },
  },
  list_memory_changes: {
    ...OPERATION_ROUTES.list_memory_changes,
    body: ListMemoryChangesRequest,
    response: { 200: ListMemoryChangesResponse, ...INPUT_ERRORS },
  },
  list_memory_candidates: {
    ...OPERATION_ROUTES.list_memory_candidates,
    body: ListMemoryCandidatesRequest,
    response: { 200: ListMemoryCandidatesResponse, ...INPUT_ERRORS },
  },
  get_memory_candidate: {
    ...OPERATION_ROUTES.get_memory_candidate,
    body: GetMemoryCandidateRequest,
    response: { 200: MemoryCandidate, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  approve_memory_candidate: {
    ...OPERATION_ROUTES.approve_memory_candidate,
    body: ApproveMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  reject_memory_candidate: {
    ...OPERATION_ROUTES.reject_memory_candidate,
    body: RejectMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  revise_memory_candidate: {
    ...OPERATION_ROUTES.revise_memory_candidate,
    body: ReviseMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  prepare_handoff: {
    ...OPERATION_ROUTES.prepare_handoff,
    body: PrepareHandoffRequest,
    response: { 200: HandoffDraft, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  finalize_handoff: {
    ...OPERATION_ROUTES.finalize_handoff,
    body: FinalizeHandoffRequest,
    response: { 200: PreparedHandoff, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  commit_handoff: {
    ...OPERATION_ROUTES.commit_handoff,
    body: CommitHandoffRequest,
    response: { 200: CommitHandoffResponse, ...WRITE_ERRORS },
  },
  continue_handoff: {
    ...OPERATION_ROUTES.continue_handoff,
    body: ContinueHandoffRequest,
    response: { 200: HandoffResolution, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  activate_handoff: {
    ...OPERATION_ROUTES.activate_handoff,
    body: ActivateHandoffRequest,
    response: { 200: ActivateHandoffResponse, 404: ErrorEnvelope, ...INPUT_ERRORS },
  },
  create_work_contract: {
    ...OPERATION_ROUTES.create_work_contract,
    body: CreateWorkContractRequest,
    response: { 202: WorkSourceReceipt, ...WRITE_ERRORS },
  },
  handoff_current_work: {
    ...OPERATION_ROUTES.handoff_current_work,
    body: PrepareCurrentHandoffRequest,
    response: { 200: PrepareCurrentHandoffResponse, ...WRITE_ERRORS },
  },
  acknowledge_handoff: {
    ...OPERATION_ROUTES.acknowledge_handoff,
    body: AcknowledgeHandoffRequest,
    response: { 200: AcknowledgeHandoffResponse, ...WRITE_ERRORS },
  },
  record_task_outcome: {
    ...OPERATION_ROUTES.record_task_outcome,
    body: RecordTaskOutcomeRequest,
    response: { 202: WorkSourceReceipt, ...WRITE_ERRORS },
  },
} as const satisfies { readonly [Id in OperationId]: OperationSpec };
