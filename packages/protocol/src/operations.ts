// The operation table: every HTTP operation of the contract, keyed by operationId, with its route (method, path,
// summary), its request schema and its response schema per status. The Server registers its routes from this table,
// the OpenAPI document is generated from those routes, and the Pi client takes its types from it.
import type { TSchema } from "typebox";
import { HANDOFF_REPORT_SCHEMAS } from "./handoff-report-operations.ts";
import { INPUT_ERRORS, LOOKUP_ERRORS, PROTECTED_ERRORS, WRITE_ERRORS } from "./operation-errors.ts";
import { OPERATION_ROUTES, type OperationId, type OperationRoute } from "./operation-routes.ts";
import {
  ApproveArtifactCandidateRequest,
  ArtifactCandidate,
  ArtifactCandidatePage,
  ExperienceArtifact,
  GenerateExperienceRequest,
  GenerateSkillRequest,
  GeneratedCandidateResponse,
  GetArtifactCandidateRequest,
  GetExperienceRequest,
  GetSkillRequest,
  ListArtifactCandidatesRequest,
  ProposeExperienceRequest,
  ProposeSkillRequest,
  RejectArtifactCandidateRequest,
  ReviseArtifactCandidateRequest,
  SkillArtifact,
} from "./schemas/artifacts.ts";
import {
  ExternalSkillResolution,
  ImportExternalSkillRequest,
  ListExternalSkillsRequest,
  ListExternalSkillsResponse,
  ResolveExternalSkillRequest,
  ScanExternalSkillsRequest,
  ScanExternalSkillsResponse,
} from "./schemas/external-skills.ts";
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
import {
  ListPurgesRequest,
  ListPurgesResponse,
  PurgeEntryRequest,
  PurgeResponse,
  PurgeScopeRequest,
  PurgeSourceRequest,
} from "./schemas/purge.ts";
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

/** What the table adds to an operation's route: the schemas of its input and of its answers. */
export interface OperationSchemas {
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  /** Status → body schema: the success status first, then every error status the operation can answer. */
  readonly response: Readonly<Record<number, TSchema>>;
}

export interface OperationSpec extends OperationRoute, OperationSchemas {}

const SCHEMAS = {
  get_liveness: { response: { 200: LivenessResponse, 500: ErrorEnvelope } },
  get_readiness: { response: { 200: ReadinessResponse, 503: ReadinessResponse, 500: ErrorEnvelope } },
  get_capabilities: { response: { 200: CapabilitiesResponse, ...PROTECTED_ERRORS } },
  get_stats: { querystring: StatsQuery, response: { 200: ScopedStats, ...INPUT_ERRORS } },
  capture_content_source: {
    body: CaptureRequest,
    response: { 202: CaptureResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  prepare_context: { body: PrepareContextRequest, response: { 200: PreparedContext, ...INPUT_ERRORS } },
  flush_memory: { body: FlushMemoryRequest, response: { 200: FlushMemoryResponse, ...INPUT_ERRORS } },
  remember_memory: { body: RememberRequest, response: { 200: MemoryMutationResponse, ...WRITE_ERRORS } },
  search_memory: {
    body: SearchMemoryRequest,
    response: { 200: SearchMemoryResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  list_memory_entries: {
    body: ListMemoryEntriesRequest,
    response: { 200: ListMemoryEntriesResponse, ...INPUT_ERRORS },
  },
  get_memory_entry: { body: GetMemoryEntryRequest, response: { 200: MemoryEntry, ...LOOKUP_ERRORS } },
  revise_memory_entry: { body: ReviseMemoryEntryRequest, response: { 200: MemoryMutationResponse, ...WRITE_ERRORS } },
  retire_memory_entry: { body: RetireMemoryEntryRequest, response: { 200: MemoryMutationResponse, ...WRITE_ERRORS } },
  list_memory_changes: {
    body: ListMemoryChangesRequest,
    response: { 200: ListMemoryChangesResponse, ...INPUT_ERRORS },
  },
  list_memory_candidates: {
    body: ListMemoryCandidatesRequest,
    response: { 200: ListMemoryCandidatesResponse, ...INPUT_ERRORS },
  },
  get_memory_candidate: { body: GetMemoryCandidateRequest, response: { 200: MemoryCandidate, ...LOOKUP_ERRORS } },
  approve_memory_candidate: {
    body: ApproveMemoryCandidateRequest,
    response: { 200: MemoryCandidate, ...WRITE_ERRORS },
  },
  reject_memory_candidate: { body: RejectMemoryCandidateRequest, response: { 200: MemoryCandidate, ...WRITE_ERRORS } },
  revise_memory_candidate: { body: ReviseMemoryCandidateRequest, response: { 200: MemoryCandidate, ...WRITE_ERRORS } },
  prepare_handoff: { body: PrepareHandoffRequest, response: { 200: HandoffDraft, ...LOOKUP_ERRORS } },
  finalize_handoff: { body: FinalizeHandoffRequest, response: { 200: PreparedHandoff, ...LOOKUP_ERRORS } },
  commit_handoff: { body: CommitHandoffRequest, response: { 200: CommitHandoffResponse, ...WRITE_ERRORS } },
  continue_handoff: { body: ContinueHandoffRequest, response: { 200: HandoffResolution, ...LOOKUP_ERRORS } },
  activate_handoff: { body: ActivateHandoffRequest, response: { 200: ActivateHandoffResponse, ...LOOKUP_ERRORS } },
  create_work_contract: { body: CreateWorkContractRequest, response: { 202: WorkSourceReceipt, ...WRITE_ERRORS } },
  handoff_current_work: {
    body: PrepareCurrentHandoffRequest,
    response: { 200: PrepareCurrentHandoffResponse, ...WRITE_ERRORS },
  },
  acknowledge_handoff: {
    body: AcknowledgeHandoffRequest,
    response: { 200: AcknowledgeHandoffResponse, ...WRITE_ERRORS },
  },
  record_task_outcome: { body: RecordTaskOutcomeRequest, response: { 202: WorkSourceReceipt, ...WRITE_ERRORS } },
  ...HANDOFF_REPORT_SCHEMAS,
  // Experience, managed Skill, their review inbox and external Skills (issue 19).
  propose_experience: {
    body: ProposeExperienceRequest,
    response: { 201: ArtifactCandidate, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  generate_experience: {
    body: GenerateExperienceRequest,
    response: { 200: GeneratedCandidateResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  get_experience: { body: GetExperienceRequest, response: { 200: ExperienceArtifact, ...LOOKUP_ERRORS } },
  propose_skill: {
    body: ProposeSkillRequest,
    response: { 201: ArtifactCandidate, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  generate_skill: {
    body: GenerateSkillRequest,
    response: { 200: GeneratedCandidateResponse, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  get_skill: { body: GetSkillRequest, response: { 200: SkillArtifact, ...LOOKUP_ERRORS } },
  scan_external_skills: {
    body: ScanExternalSkillsRequest,
    response: { 200: ScanExternalSkillsResponse, ...INPUT_ERRORS },
  },
  list_external_skills: {
    body: ListExternalSkillsRequest,
    response: { 200: ListExternalSkillsResponse, ...INPUT_ERRORS },
  },
  resolve_external_skill: {
    body: ResolveExternalSkillRequest,
    response: { 200: ExternalSkillResolution, ...LOOKUP_ERRORS },
  },
  import_external_skill: {
    body: ImportExternalSkillRequest,
    response: { 200: GeneratedCandidateResponse, ...WRITE_ERRORS },
  },
  list_artifact_candidates: {
    body: ListArtifactCandidatesRequest,
    response: { 200: ArtifactCandidatePage, ...INPUT_ERRORS },
  },
  get_artifact_candidate: { body: GetArtifactCandidateRequest, response: { 200: ArtifactCandidate, ...LOOKUP_ERRORS } },
  approve_artifact_candidate: {
    body: ApproveArtifactCandidateRequest,
    response: { 200: ArtifactCandidate, ...WRITE_ERRORS },
  },
  reject_artifact_candidate: {
    body: RejectArtifactCandidateRequest,
    response: { 200: ArtifactCandidate, ...WRITE_ERRORS },
  },
  revise_artifact_candidate: {
    body: ReviseArtifactCandidateRequest,
    response: { 200: ArtifactCandidate, ...WRITE_ERRORS },
  },
  purge_source: { body: PurgeSourceRequest, response: { 200: PurgeResponse, ...LOOKUP_ERRORS } },
  purge_memory_entry: { body: PurgeEntryRequest, response: { 200: PurgeResponse, ...LOOKUP_ERRORS } },
  purge_scope: { body: PurgeScopeRequest, response: { 200: PurgeResponse, ...LOOKUP_ERRORS } },
  list_purges: { body: ListPurgesRequest, response: { 200: ListPurgesResponse, ...INPUT_ERRORS } },
} as const satisfies { readonly [Id in OperationId]: OperationSchemas };

type Operations = { readonly [Id in OperationId]: (typeof OPERATION_ROUTES)[Id] & (typeof SCHEMAS)[Id] };

/** Every operation's route completed with its schemas: the route is written once, in operation-routes.ts. */
export const OPERATIONS = Object.fromEntries(
  Object.entries(SCHEMAS).map(([id, schemas]) => [id, { ...OPERATION_ROUTES[id as OperationId], ...schemas }]),
) as Operations;
