// Handoff Report activities (untrusted observations a host records against a Report Project) and the report itself.
// Transcribed from upstream's `handoff-reports` group field for field.
import { Type, type Static } from "typebox";
import { REPORT_ACTIVITY_SCHEMA } from "../schema-ids.ts";
import { Nullable, OptionalNullable, StringEnum, WireObject } from "./builders.ts";
import { Count, DateTime, Ordinal } from "./common.ts";
import { HandoffReportExternalReference, ReportId, ReportLocale } from "./handoff-report-catalog.ts";

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const REPORT_ACTIVITY_SOURCES = [
  "handoff_observation",
  "git_commit",
  "git_worktree",
  "coding_session",
  "other",
] as const;
export const ReportActivitySource = StringEnum(REPORT_ACTIVITY_SOURCES, { title: "ReportActivitySource" });
export type ReportActivitySource = Static<typeof ReportActivitySource>;

export const ReportTimeBasis = StringEnum(
  ["source_reported", "host_observed", "first_seen", "current_only", "unknown"],
  {
    title: "ReportTimeBasis",
  },
);
export type ReportTimeBasis = Static<typeof ReportTimeBasis>;

export const HandoffReportActivityAgent = WireObject("HandoffReportActivityAgent", {
  provider: OptionalNullable(Text(64)),
  label: OptionalNullable(Text(128)),
});
export type HandoffReportActivityAgent = Static<typeof HandoffReportActivityAgent>;

export const HandoffReportActivityVcsContext = WireObject("HandoffReportActivityVcsContext", {
  branch: OptionalNullable(Text(256)),
  head_revision: OptionalNullable(Text(256)),
});
export type HandoffReportActivityVcsContext = Static<typeof HandoffReportActivityVcsContext>;

/** The agent and VCS context as stored and answered: every property present, null when not given. */
export const RecordedActivityAgent = WireObject("RecordedActivityAgent", {
  provider: Nullable(Text(64)),
  label: Nullable(Text(128)),
});
export const RecordedActivityVcsContext = WireObject("RecordedActivityVcsContext", {
  branch: Nullable(Text(256)),
  head_revision: Nullable(Text(256)),
});

const EvidenceRefs = Type.Array(HandoffReportExternalReference, { maxItems: 32 });

export const RecordHandoffReportActivityRequest = WireObject("RecordHandoffReportActivityRequest", {
  project_id: ReportId,
  scope_id: OptionalNullable(ReportId),
  source: ReportActivitySource,
  source_event_id: Text(256),
  source_ref: OptionalNullable(HandoffReportExternalReference),
  occurred_at: OptionalNullable(DateTime),
  time_basis: ReportTimeBasis,
  title: OptionalNullable(Text(256)),
  summary: OptionalNullable(Text(2000)),
  agent: OptionalNullable(HandoffReportActivityAgent),
  session_id: OptionalNullable(Text(256)),
  vcs_context: OptionalNullable(HandoffReportActivityVcsContext),
  evidence_refs: Type.Optional(EvidenceRefs),
});
export type RecordHandoffReportActivityRequest = Static<typeof RecordHandoffReportActivityRequest>;

export const HandoffReportActivity = WireObject("HandoffReportActivity", {
  schema: StringEnum([REPORT_ACTIVITY_SCHEMA]),
  event_id: ReportId,
  project_id: ReportId,
  scope_id: Nullable(ReportId),
  source: ReportActivitySource,
  source_event_id: Text(256),
  source_ref: Nullable(HandoffReportExternalReference),
  occurred_at: Nullable(DateTime),
  observed_at: DateTime,
  time_basis: ReportTimeBasis,
  title: Nullable(Text(256)),
  summary: Nullable(Text(2000)),
  agent: Nullable(RecordedActivityAgent),
  session_id: Nullable(Text(256)),
  vcs_context: Nullable(RecordedActivityVcsContext),
  evidence_refs: EvidenceRefs,
  trust: StringEnum(["untrusted_observation"]),
});
export type HandoffReportActivity = Static<typeof HandoffReportActivity>;

export const StoredHandoffReportActivity = WireObject("StoredHandoffReportActivity", {
  cursor: Ordinal,
  event: HandoffReportActivity,
});
export type StoredHandoffReportActivity = Static<typeof StoredHandoffReportActivity>;

export const ListHandoffReportActivitiesRequest = WireObject("ListHandoffReportActivitiesRequest", {
  project_id: ReportId,
  period_start: OptionalNullable(DateTime),
  period_end: OptionalNullable(DateTime),
  sources: OptionalNullable(Type.Array(ReportActivitySource, { maxItems: 5 })),
  after_cursor: Type.Optional(Count),
  through_cursor: OptionalNullable(Count),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ListHandoffReportActivitiesRequest = Static<typeof ListHandoffReportActivitiesRequest>;

export const HandoffReportActivityPage = WireObject("HandoffReportActivityPage", {
  items: Type.Array(HandoffReportActivity, { maxItems: 100 }),
  next_cursor: Nullable(Ordinal),
  high_watermark: Count,
});
export type HandoffReportActivityPage = Static<typeof HandoffReportActivityPage>;

export const PurgeHandoffReportActivitiesRequest = WireObject("PurgeHandoffReportActivitiesRequest", {
  project_id: ReportId,
  observed_before: DateTime,
});
export type PurgeHandoffReportActivitiesRequest = Static<typeof PurgeHandoffReportActivitiesRequest>;

export const PurgeHandoffReportActivitiesResponse = WireObject("PurgeHandoffReportActivitiesResponse", {
  deleted_count: Count,
});
export type PurgeHandoffReportActivitiesResponse = Static<typeof PurgeHandoffReportActivitiesResponse>;

export const ReportFormat = StringEnum(["json", "markdown"], { title: "ReportFormat" });
export type ReportFormat = Static<typeof ReportFormat>;

export const HandoffReportPeriodRequest = WireObject("HandoffReportPeriodRequest", {
  start: DateTime,
  end: DateTime,
  timezone: OptionalNullable(Text(256)),
  compare_to_previous_period: Type.Optional(Type.Boolean()),
});
export type HandoffReportPeriodRequest = Static<typeof HandoffReportPeriodRequest>;

export const GetHandoffReportRequest = WireObject("GetHandoffReportRequest", {
  project_id: ReportId,
  locale: OptionalNullable(ReportLocale),
  include_evidence_checks: Type.Optional(Type.Boolean()),
  format: Type.Optional(ReportFormat),
  include_archived: Type.Optional(Type.Boolean()),
  download: Type.Optional(Type.Boolean()),
  period: OptionalNullable(HandoffReportPeriodRequest),
});
export type GetHandoffReportRequest = Static<typeof GetHandoffReportRequest>;

const Digest = Type.String({ pattern: "^sha256:[0-9a-f]{64}$" });

/** `report` is the canonical report model (open upstream); `markdown` its rendering when the format asks for it. */
export const HandoffReportResponse = WireObject("HandoffReportResponse", {
  format: ReportFormat,
  report: Nullable(Type.Object({}, { title: "HandoffReportModel", additionalProperties: true })),
  markdown: Nullable(Type.String()),
  selection_digest: Digest,
  report_digest: Digest,
});
export type HandoffReportResponse = Static<typeof HandoffReportResponse>;
