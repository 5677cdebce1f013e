// The routes of upstream's optional Handoff Report group, a part of the operation table (operation-routes.ts spreads
// them in). The Server serves the group unless POWERCONTEXT_SERVER_HANDOFF_REPORT_ENABLED=false; every path starts
// with HANDOFF_REPORT_PATH_PREFIX. No TypeBox here, for the same reason as in operation-routes.ts.
import type { OperationRoute } from "./operation-routes.ts";

export const HANDOFF_REPORT_ROUTES = {
  create_handoff_report_project: {
    method: "POST",
    path: "/v1/handoff-reports/projects/create",
    summary: "Create a Report Project with a unique project_key (201); its id is assigned by the Server.",
  },
  list_handoff_report_projects: {
    method: "POST",
    path: "/v1/handoff-reports/projects/list",
    summary: "Page through Report Projects by project_key, included only unless include_archived.",
  },
  get_handoff_report_project: {
    method: "POST",
    path: "/v1/handoff-reports/projects/get",
    summary: "Get the current descriptor of one Report Project.",
  },
  update_handoff_report_project: {
    method: "POST",
    path: "/v1/handoff-reports/projects/update",
    summary: "Replace a Report Project's descriptor if its version is still expected; the version moves by one.",
  },
  register_handoff_report_workstream: {
    method: "POST",
    path: "/v1/handoff-reports/workstreams/register",
    summary: "Group one scope under a Report Project as a Workstream (201); a scope belongs to one Project only.",
  },
  list_handoff_report_workstreams: {
    method: "POST",
    path: "/v1/handoff-reports/workstreams/list",
    summary: "Page through a Project's Workstreams by scope_id, included only unless include_archived.",
  },
  update_handoff_report_workstream: {
    method: "POST",
    path: "/v1/handoff-reports/workstreams/update",
    summary: "Replace a Workstream's descriptor if its version is still expected; it cannot change Project.",
  },
  get_handoff_report: {
    method: "POST",
    path: "/v1/handoff-reports/get",
    summary:
      "Generate a Project's report from each Workstream's latest committed Handoff and its activities, as canonical JSON and optionally Markdown, with selection and report digests.",
  },
  record_handoff_report_activity: {
    method: "POST",
    path: "/v1/handoff-reports/activities/record",
    summary: "Record one untrusted activity observation (201); idempotent per (project_id, source, source_event_id).",
  },
  list_handoff_report_activities: {
    method: "POST",
    path: "/v1/handoff-reports/activities/list",
    summary: "Page through a Project's activities by cursor, optionally within a period and for some sources.",
  },
  purge_handoff_report_activities: {
    method: "POST",
    path: "/v1/handoff-reports/activities/purge",
    summary: "Delete a Project's activities observed before a time and count them.",
  },
  get_handoff_report_workspace: {
    method: "POST",
    path: "/v1/handoff-reports/workspace-bindings/get",
    summary: "Get a workspace's confirmed binding to a Report Project.",
  },
  attach_handoff_report_workspace: {
    method: "POST",
    path: "/v1/handoff-reports/workspace-bindings/attach",
    summary:
      "Bind a workspace to a Report Project, creating or replacing its binding if its version is still expected.",
  },
  detach_handoff_report_workspace: {
    method: "POST",
    path: "/v1/handoff-reports/workspace-bindings/detach",
    summary: "Mark a workspace's confirmed binding detached if its version is still expected.",
  },
} as const satisfies Record<string, OperationRoute>;
