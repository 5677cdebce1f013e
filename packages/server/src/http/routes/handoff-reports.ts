// Handoff Reports (upstream's optional group): the Report catalog, activities, Workspace bindings and the report.
// Registered only when the Server setting enables the group (see app.ts).
import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { listActivities, purgeActivities, recordActivity } from "../../domain/handoff-report/activities.ts";
import { createProject, getProject, listProjects, updateProject } from "../../domain/handoff-report/projects.ts";
import { getHandoffReport } from "../../domain/handoff-report/report.ts";
import {
  attachWorkspace,
  detachWorkspace,
  getWorkspaceBinding,
} from "../../domain/handoff-report/workspace-bindings.ts";
import { listWorkstreams, registerWorkstream, updateWorkstream } from "../../domain/handoff-report/workstreams.ts";
import { domainRoute, route } from "../route.ts";

export async function handoffReportRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "create_handoff_report_project", async (request) => ({
    status: 201,
    body: await createProject(domain, request.body),
  }));
  domainRoute(app, domain, "list_handoff_report_projects", listProjects);
  domainRoute(app, domain, "get_handoff_report_project", (deps, body) => getProject(deps, body.project_id));
  domainRoute(app, domain, "update_handoff_report_project", updateProject);
  route(app, "register_handoff_report_workstream", async (request) => ({
    status: 201,
    body: await registerWorkstream(domain, request.body),
  }));
  domainRoute(app, domain, "list_handoff_report_workstreams", listWorkstreams);
  domainRoute(app, domain, "update_handoff_report_workstream", updateWorkstream);
  route(app, "get_handoff_report", async (request) => {
    const { response, download } = await getHandoffReport(domain, request.body);
    const headers: Record<string, string> = {
      "cache-control": "no-store",
      "x-powercontext-selection-digest": response.selection_digest,
      "x-powercontext-report-digest": response.report_digest,
    };
    if (!download) return { body: response, headers };
    const extension = response.markdown === null ? "json" : "md";
    headers["content-disposition"] = `attachment; filename="handoff-report.${extension}"`;
    // A downloaded Markdown report is the document itself; a downloaded JSON report is the response as always.
    if (response.markdown === null) return { body: response, headers };
    return { text: response.markdown, contentType: "text/markdown; charset=utf-8", headers };
  });
  route(app, "record_handoff_report_activity", async (request) => ({
    status: 201,
    body: await recordActivity(domain, request.body),
  }));
  domainRoute(app, domain, "list_handoff_report_activities", listActivities);
  domainRoute(app, domain, "purge_handoff_report_activities", purgeActivities);
  domainRoute(app, domain, "get_handoff_report_workspace", (deps, body) =>
    getWorkspaceBinding(deps, body.workspace_instance_id),
  );
  domainRoute(app, domain, "attach_handoff_report_workspace", attachWorkspace);
  domainRoute(app, domain, "detach_handoff_report_workspace", detachWorkspace);
}
