// Report Projects: create (the Server assigns the id), list by key, get, and replace at an expected version.
import {
  type CreateHandoffReportProjectRequest,
  type ListHandoffReportProjectsRequest,
  PROJECT_SCHEMA,
  type ProjectDescriptor,
  type ProjectPage,
  type UpdateHandoffReportProjectRequest,
} from "@powercontext/protocol";
import type { ProjectWriteResult } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { requireTimeZone, requireTrimmed } from "./input-checks.ts";
import { decodePageCursor, pageOf, pageSize } from "./page-cursor.ts";

type Deps = Pick<DomainDeps, "store" | "ids">;

function checkProject(project: Pick<ProjectDescriptor, "project_key" | "title" | "timezone">, prefix: string): void {
  requireTrimmed(`${prefix}project_key`, project.project_key);
  requireTrimmed(`${prefix}title`, project.title);
  requireTimeZone(`${prefix}timezone`, project.timezone);
}

/** The written Project, or the refusal the API answers for the store's outcome. */
function writtenProject(result: ProjectWriteResult, expected: number | null): ProjectDescriptor {
  switch (result.status) {
    case "written":
      return result.project;
    case "not_found":
      throw refusalError("project_not_found");
    case "version_conflict":
      throw refusalError("project_conflict", { expected_version: expected, current_version: result.current_version });
    case "key_taken":
      throw refusalError("project_conflict", { conflicting_project_id: result.project_id });
    default: {
      const unexpected: never = result;
      throw new Error(`unknown project write outcome ${JSON.stringify(unexpected)}`);
    }
  }
}

export async function createProject(
  deps: Deps,
  request: CreateHandoffReportProjectRequest,
): Promise<ProjectDescriptor> {
  const project: ProjectDescriptor = {
    schema: PROJECT_SCHEMA,
    project_id: deps.ids.next("proj_"),
    project_key: request.project_key,
    title: request.title,
    description: request.description ?? null,
    default_locale: request.default_locale ?? "zh-CN",
    timezone: request.timezone ?? "UTC",
    catalog_state: "included",
    version: 1,
  };
  checkProject(project, "");
  rejectSecrets(project);
  return writtenProject(await deps.store.createReportProject(project), null);
}

export async function listProjects(deps: Deps, request: ListHandoffReportProjectsRequest): Promise<ProjectPage> {
  const limit = pageSize(request.limit);
  const rows = await deps.store.listReportProjects({
    after: decodePageCursor(request.cursor),
    limit: limit + 1,
    include_archived: request.include_archived ?? false,
  });
  return pageOf(rows, limit, (project) => project.project_key);
}

export async function getProject(deps: Pick<DomainDeps, "store">, projectId: string): Promise<ProjectDescriptor> {
  const project = await deps.store.getReportProject(projectId);
  if (project === null) throw refusalError("project_not_found");
  return project;
}

/** Replaces every field but the id; the version given in the descriptor is ignored, the new one is expected + 1. */
export async function updateProject(
  deps: Deps,
  request: UpdateHandoffReportProjectRequest,
): Promise<ProjectDescriptor> {
  const project: ProjectDescriptor = { ...request.project, version: request.expected_version + 1 };
  checkProject(project, "project.");
  rejectSecrets(project);
  return writtenProject(
    await deps.store.updateReportProject(project, request.expected_version),
    request.expected_version,
  );
}
