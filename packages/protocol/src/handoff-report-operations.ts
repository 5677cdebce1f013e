// The request and response schemas of upstream's optional Handoff Report group, a part of the operation table
// (operations.ts spreads them in; the routes are in handoff-report-routes.ts).
import { ErrorEnvelope } from "./schemas/error.ts";
import { INPUT_ERRORS, LOOKUP_ERRORS, WRITE_ERRORS } from "./operation-errors.ts";
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

export const HANDOFF_REPORT_SCHEMAS = {
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
} as const;
