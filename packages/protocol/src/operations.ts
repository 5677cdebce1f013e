// The operation table: every HTTP operation of the contract, keyed by operationId, with its route (method, path,
// summary), its request schema and its response schema per status. The Server registers its routes from this table,
// the OpenAPI document is generated from those routes, and the Pi client takes its types from it.
import type { TSchema } from "typebox";
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
import {
  HandoffReportActivityPage,
  HandoffReportResponse,
  GetHandoffReportRequest,
  ListHandoffReportActivitiesRequest,
  PurgeHandoffReportActivitiesRequest,
  PurgeHandoffReportActivitiesResponse,
  RecordHandoffReportActivityRequest,
  StoredHandoffReportActivity,
} from "./schemas/handoff-report-activities.ts";
import {
  AttachHandoffReportWorkspaceRequest,
  CreateHandoffReportProjectRequest,
  DetachHandoffReportWorkspaceRequest,
  GetHandoffReportProjectRequest,
  GetHandoffReportWorkspaceRequest,
  HandoffReportWorkspaceBinding,
  ListHandoffReportProjectsRequest,
  ListHandoffReportWorkstreamsRequest,
  ProjectDescriptor,
  ProjectPage,
  RegisterHandoffReportWorkstreamRequest,
  UpdateHandoffReportProjectRequest,
  UpdateHandoffReportWorkstreamRequest,
  WorkstreamDescriptor,
  WorkstreamPage,
} from "./schemas/handoff-report-catalog.ts";
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

/**
 * Errors any protected operation can answer: 401 `unauthorized` (when auth is on), 500 `internal_error`, 503
 * `runtime_not_ready` and, for model-backed work, `inference_timeout`/`inference_unavailable`.
 */
const PROTECTED_ERRORS = { 401: ErrorEnvelope, 500: ErrorEnvelope, 503: ErrorEnvelope } as const;
/** Plus 422 `invalid_request` for operations that take input. */
const INPUT_ERRORS = { ...PROTECTED_ERRORS, 422: ErrorEnvelope } as const;
/** Plus 404 for operations that address existing state. */
const LOOKUP_ERRORS = { ...INPUT_ERRORS, 404: ErrorEnvelope } as const;
/** Plus 409 for operations that also write it. */
const WRITE_ERRORS = { ...LOOKUP_ERRORS, 409: ErrorEnvelope } as const;

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
  // Handoff Reports: upstream lists no 503 for most of these, but any protected operation can answer it while the
  // Server starts or stops; get_handoff_report adds 413 for a report past the output limit.
  create_handoff_report_project: {
    body: CreateHandoffReportProjectRequest,
    response: { 201: ProjectDescriptor, 409: ErrorEnvelope, ...INPUT_ERRORS },
  },
  list_handoff_report_projects: {
    body: ListHandoffReportProjectsRequest,
    response: { 200: ProjectPage, ...INPUT_ERRORS },
  },
  get_handoff_report_project: {
    body: GetHandoffReportProjectRequest,
    response: { 200: ProjectDescriptor, ...LOOKUP_ERRORS },
  },
  update_handoff_report_project: {
    body: UpdateHandoffReportProjectRequest,
    response: { 200: ProjectDescriptor, ...WRITE_ERRORS },
  },
  register_handoff_report_workstream: {
    body: RegisterHandoffReportWorkstreamRequest,
    response: { 201: WorkstreamDescriptor, ...WRITE_ERRORS },
  },
  list_handoff_report_workstreams: {
    body: ListHandoffReportWorkstreamsRequest,
    response: { 200: WorkstreamPage, ...LOOKUP_ERRORS },
  },
  update_handoff_report_workstream: {
    body: UpdateHandoffReportWorkstreamRequest,
    response: { 200: WorkstreamDescriptor, ...WRITE_ERRORS },
  },
  get_handoff_report: {
    body: GetHandoffReportRequest,
    response: { 200: HandoffReportResponse, 413: ErrorEnvelope, ...LOOKUP_ERRORS },
  },
  record_handoff_report_activity: {
    body: RecordHandoffReportActivityRequest,
    response: { 201: StoredHandoffReportActivity, ...WRITE_ERRORS },
  },
  list_handoff_report_activities: {
    body: ListHandoffReportActivitiesRequest,
    response: { 200: HandoffReportActivityPage, ...LOOKUP_ERRORS },
  },
  purge_handoff_report_activities: {
    body: PurgeHandoffReportActivitiesRequest,
    response: { 200: PurgeHandoffReportActivitiesResponse, ...LOOKUP_ERRORS },
  },
  get_handoff_report_workspace: {
    body: GetHandoffReportWorkspaceRequest,
    response: { 200: HandoffReportWorkspaceBinding, ...LOOKUP_ERRORS },
  },
  attach_handoff_report_workspace: {
    body: AttachHandoffReportWorkspaceRequest,
    response: { 200: HandoffReportWorkspaceBinding, ...WRITE_ERRORS },
  },
  detach_handoff_report_workspace: {
    body: DetachHandoffReportWorkspaceRequest,
    response: { 200: HandoffReportWorkspaceBinding, ...WRITE_ERRORS },
  },
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
