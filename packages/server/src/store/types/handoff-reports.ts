// The Handoff Report catalog and activities: Report Projects, Workstreams (a scope grouped under one Project),
// untrusted activity observations and Workspace bindings. Values are the contract's wire shapes as they are stored.
// Projects and Workstreams are never deleted through this family, so the domain may check that one exists before it
// writes; only a scope purge removes the scope's Workstream (it names the scope and what the scope is about).
import type {
  HandoffReportActivity,
  HandoffReportWorkspaceBinding,
  ProjectDescriptor,
  StoredHandoffReportActivity,
  WorkstreamDescriptor,
} from "@powercontext/protocol";

/** One keyset page: the items whose sort key is after `after` (all when null), at most `limit` of them. */
export interface CatalogPageQuery {
  after: string | null;
  limit: number;
  include_archived: boolean;
}

export type ProjectWriteResult =
  | { status: "written"; project: ProjectDescriptor }
  | { status: "not_found" }
  | { status: "version_conflict"; current_version: number }
  /** Another Project already has this `project_key`. */
  | { status: "key_taken"; project_id: string };

export type WorkstreamWriteResult =
  | { status: "written"; workstream: WorkstreamDescriptor }
  | { status: "not_found" }
  | { status: "version_conflict"; current_version: number }
  /** The scope is a Workstream of `project_id` already (register), or the update would move it to another Project. */
  | { status: "scope_taken"; project_id: string }
  /** Another Workstream of the same Project has this `key`. */
  | { status: "key_taken"; scope_id: string };

export interface NewReportActivity {
  event: HandoffReportActivity;
  /** Canonical JSON of what the recorder sent; equal keys mean the same observation. */
  content_key: string;
  /** The instant the event is placed at in a period (normalized `toISOString()`), or null when it has none. */
  effective_at: string | null;
}

export type ActivityRecordResult =
  | { status: "recorded"; stored: StoredHandoffReportActivity }
  /** Same identity, same content: the original record. */
  | { status: "duplicate"; stored: StoredHandoffReportActivity }
  /** Same identity (project, source, source_event_id), different content: nothing written. */
  | { status: "conflict"; stored: StoredHandoffReportActivity };

export interface ActivityQuery {
  project_id: string;
  /** Exclusive lower bound of the cursor. */
  after_cursor: number;
  /** Inclusive upper bound of the cursor, or null for everything recorded so far. */
  through_cursor: number | null;
  sources: readonly string[] | null;
  /** Normalized instants: an event is in the period when start ≤ effective_at < end; one without a time is not. */
  period_start: string | null;
  period_end: string | null;
  limit: number;
}

export interface ActivityListing {
  /** In cursor order, at most the query's limit. */
  items: StoredHandoffReportActivity[];
  /** The Project's highest cursor (bounded by `through_cursor`), 0 when it has none. */
  high_watermark: number;
}

export type BindingWriteResult = { status: "written" } | { status: "version_conflict"; current_version: number | null };

export interface HandoffReportOperations {
  createReportProject(project: ProjectDescriptor): Promise<ProjectWriteResult>;
  /** Replaces the descriptor when the stored version is `expected_version`; `project.version` is the new one. */
  updateReportProject(project: ProjectDescriptor, expected_version: number): Promise<ProjectWriteResult>;
  getReportProject(project_id: string): Promise<ProjectDescriptor | null>;
  /** Ordered by `project_key` (byte order); `after` is a `project_key`. */
  listReportProjects(query: CatalogPageQuery): Promise<ProjectDescriptor[]>;

  registerReportWorkstream(workstream: WorkstreamDescriptor): Promise<WorkstreamWriteResult>;
  updateReportWorkstream(workstream: WorkstreamDescriptor, expected_version: number): Promise<WorkstreamWriteResult>;
  getReportWorkstream(scope_id: string): Promise<WorkstreamDescriptor | null>;
  /** One Project's Workstreams ordered by `scope_id` (byte order); `after` is a `scope_id`. */
  listReportWorkstreams(project_id: string, query: CatalogPageQuery): Promise<WorkstreamDescriptor[]>;

  /** Appends with the next cursor (cursors only grow, never reused after a purge), or answers the recorded one. */
  recordReportActivity(activity: NewReportActivity): Promise<ActivityRecordResult>;
  listReportActivities(query: ActivityQuery): Promise<ActivityListing>;
  /** Deletes the Project's activities observed before `observed_before` (a normalized instant); returns how many. */
  purgeReportActivities(project_id: string, observed_before: string): Promise<number>;

  getWorkspaceBinding(workspace_instance_id: string): Promise<HandoffReportWorkspaceBinding | null>;
  /** Writes the binding when the stored version is `expected_version` (null: there is no binding record yet). */
  writeWorkspaceBinding(
    binding: HandoffReportWorkspaceBinding,
    expected_version: number | null,
  ): Promise<BindingWriteResult>;
}
