// The Handoff Report catalog (upstream's optional `handoff-reports` group): Report Projects, the Workstreams that
// group scopes under them, and Workspace bindings that tie a checkout to a Project. Transcribed from upstream's
// document field for field: its strings here carry length limits only (no pattern), so the domain checks the rest.
import { Type, type Static } from "typebox";
import { PROJECT_SCHEMA, WORKSTREAM_SCHEMA, WORKSPACE_BINDING_SCHEMA } from "../schema-ids.ts";
import { Nullable, OptionalNullable, StringEnum, WireObject } from "./builders.ts";
import { DateTime, Ordinal } from "./common.ts";

/** A string of 1–`maxLength` code points, as upstream's catalog declares them. */
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** Project ids, scope ids and workspace ids: 1–256 code points. */
export const ReportId = Text(256);

export const REPORT_LOCALES = ["zh-CN", "en"] as const;
export const ReportLocale = StringEnum(REPORT_LOCALES, { title: "ReportLocale" });
export type ReportLocale = Static<typeof ReportLocale>;

export const ReportCatalogState = StringEnum(["included", "archived"], { title: "ReportCatalogState" });
export type ReportCatalogState = Static<typeof ReportCatalogState>;

export const WorkstreamKind = StringEnum(["feature", "bug", "refactor", "operations", "research", "other"], {
  title: "WorkstreamKind",
});
export type WorkstreamKind = Static<typeof WorkstreamKind>;

export const HandoffReportExternalReference = WireObject("HandoffReportExternalReference", {
  kind: StringEnum(["issue", "task", "pull_request", "branch", "feature", "release", "program", "other"]),
  provider: Text(64),
  external_id: Text(256),
  url: Nullable(Type.String({ maxLength: 2048 })),
});
export type HandoffReportExternalReference = Static<typeof HandoffReportExternalReference>;

const ExternalRefs = Type.Array(HandoffReportExternalReference, { maxItems: 32 });
const Labels = Type.Array(Text(128), { maxItems: 32 });

export const ProjectDescriptor = WireObject("ProjectDescriptor", {
  schema: StringEnum([PROJECT_SCHEMA]),
  project_id: ReportId,
  project_key: Text(64),
  title: Text(256),
  description: Nullable(Type.String({ maxLength: 2000 })),
  default_locale: ReportLocale,
  timezone: Text(256),
  catalog_state: ReportCatalogState,
  version: Ordinal,
});
export type ProjectDescriptor = Static<typeof ProjectDescriptor>;

export const ProjectPage = WireObject("ProjectPage", {
  items: Type.Array(ProjectDescriptor, { maxItems: 100 }),
  next_cursor: Nullable(Type.String()),
});
export type ProjectPage = Static<typeof ProjectPage>;

export const WorkstreamDescriptor = WireObject("WorkstreamDescriptor", {
  schema: StringEnum([WORKSTREAM_SCHEMA]),
  scope_id: ReportId,
  project_id: ReportId,
  key: Nullable(Type.String({ maxLength: 64 })),
  title: Text(256),
  kind: WorkstreamKind,
  catalog_state: ReportCatalogState,
  external_refs: ExternalRefs,
  labels: Labels,
  version: Ordinal,
});
export type WorkstreamDescriptor = Static<typeof WorkstreamDescriptor>;

export const WorkstreamPage = WireObject("WorkstreamPage", {
  items: Type.Array(WorkstreamDescriptor, { maxItems: 100 }),
  next_cursor: Nullable(Type.String()),
});
export type WorkstreamPage = Static<typeof WorkstreamPage>;

const PageSize = Type.Integer({ minimum: 1, maximum: 100 });

export const CreateHandoffReportProjectRequest = WireObject("CreateHandoffReportProjectRequest", {
  project_key: Text(64),
  title: Text(256),
  description: OptionalNullable(Type.String({ maxLength: 2000 })),
  default_locale: Type.Optional(ReportLocale),
  timezone: Type.Optional(Text(256)),
});
export type CreateHandoffReportProjectRequest = Static<typeof CreateHandoffReportProjectRequest>;

export const ListHandoffReportProjectsRequest = WireObject("ListHandoffReportProjectsRequest", {
  cursor: OptionalNullable(Type.String()),
  limit: Type.Optional(PageSize),
  include_archived: Type.Optional(Type.Boolean()),
});
export type ListHandoffReportProjectsRequest = Static<typeof ListHandoffReportProjectsRequest>;

export const GetHandoffReportProjectRequest = WireObject("GetHandoffReportProjectRequest", { project_id: ReportId });
export type GetHandoffReportProjectRequest = Static<typeof GetHandoffReportProjectRequest>;

export const UpdateHandoffReportProjectRequest = WireObject("UpdateHandoffReportProjectRequest", {
  project: ProjectDescriptor,
  expected_version: Ordinal,
});
export type UpdateHandoffReportProjectRequest = Static<typeof UpdateHandoffReportProjectRequest>;

export const RegisterHandoffReportWorkstreamRequest = WireObject("RegisterHandoffReportWorkstreamRequest", {
  project_id: ReportId,
  scope_id: ReportId,
  key: OptionalNullable(Text(64)),
  title: Text(256),
  kind: WorkstreamKind,
  catalog_state: Type.Optional(ReportCatalogState),
  external_refs: Type.Optional(ExternalRefs),
  labels: Type.Optional(Labels),
});
export type RegisterHandoffReportWorkstreamRequest = Static<typeof RegisterHandoffReportWorkstreamRequest>;

export const ListHandoffReportWorkstreamsRequest = WireObject("ListHandoffReportWorkstreamsRequest", {
  project_id: ReportId,
  cursor: OptionalNullable(Type.String()),
  limit: Type.Optional(PageSize),
  include_archived: Type.Optional(Type.Boolean()),
});
export type ListHandoffReportWorkstreamsRequest = Static<typeof ListHandoffReportWorkstreamsRequest>;

export const UpdateHandoffReportWorkstreamRequest = WireObject("UpdateHandoffReportWorkstreamRequest", {
  workstream: WorkstreamDescriptor,
  expected_version: Ordinal,
});
export type UpdateHandoffReportWorkstreamRequest = Static<typeof UpdateHandoffReportWorkstreamRequest>;

export const HandoffReportRepositoryRef = WireObject("HandoffReportRepositoryRef", {
  provider: StringEnum(["github", "gitlab", "local", "other"]),
  repository_id: Nullable(Text(256)),
  normalized_remote: Nullable(Text(2048)),
  subpath: Nullable(Text(1024)),
});
export type HandoffReportRepositoryRef = Static<typeof HandoffReportRepositoryRef>;

export const HandoffReportWorkspaceBinding = WireObject("HandoffReportWorkspaceBinding", {
  schema: StringEnum([WORKSPACE_BINDING_SCHEMA]),
  workspace_instance_id: ReportId,
  project_id: ReportId,
  repository_ref: HandoffReportRepositoryRef,
  state: StringEnum(["confirmed", "detached"]),
  confirmed_at: DateTime,
  version: Ordinal,
});
export type HandoffReportWorkspaceBinding = Static<typeof HandoffReportWorkspaceBinding>;

export const GetHandoffReportWorkspaceRequest = WireObject("GetHandoffReportWorkspaceRequest", {
  workspace_instance_id: ReportId,
});
export type GetHandoffReportWorkspaceRequest = Static<typeof GetHandoffReportWorkspaceRequest>;

/** `expected_version` null: the workspace must have no binding record yet. */
export const AttachHandoffReportWorkspaceRequest = WireObject("AttachHandoffReportWorkspaceRequest", {
  workspace_instance_id: ReportId,
  project_id: ReportId,
  repository_ref: HandoffReportRepositoryRef,
  expected_version: Nullable(Ordinal),
});
export type AttachHandoffReportWorkspaceRequest = Static<typeof AttachHandoffReportWorkspaceRequest>;

export const DetachHandoffReportWorkspaceRequest = WireObject("DetachHandoffReportWorkspaceRequest", {
  workspace_instance_id: ReportId,
  expected_version: Ordinal,
});
export type DetachHandoffReportWorkspaceRequest = Static<typeof DetachHandoffReportWorkspaceRequest>;
