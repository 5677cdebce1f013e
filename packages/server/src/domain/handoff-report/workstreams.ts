// Workstreams: a scope grouped under one Report Project, registered, listed by scope and replaced at an expected
// version. A Workstream never moves to another Project.
import {
  type ListHandoffReportWorkstreamsRequest,
  type RegisterHandoffReportWorkstreamRequest,
  type UpdateHandoffReportWorkstreamRequest,
  WORKSTREAM_SCHEMA,
  type WorkstreamDescriptor,
  type WorkstreamPage,
} from "@powercontext/protocol";
import type { WorkstreamWriteResult } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { requireTrimmed } from "./input-checks.ts";
import { decodePageCursor, pageOf, pageSize } from "./page-cursor.ts";
import { getProject } from "./projects.ts";

type Deps = Pick<DomainDeps, "store">;

function checkWorkstream(workstream: WorkstreamDescriptor, prefix: string): void {
  requireTrimmed(`${prefix}title`, workstream.title);
  requireTrimmed(`${prefix}key`, workstream.key);
  for (const [index, label] of workstream.labels.entries()) requireTrimmed(`${prefix}labels.${index}`, label);
}

function writtenWorkstream(result: WorkstreamWriteResult, expected: number | null): WorkstreamDescriptor {
  switch (result.status) {
    case "written":
      return result.workstream;
    case "not_found":
      throw refusalError("workstream_not_found");
    case "version_conflict":
      throw refusalError("workstream_conflict", {
        expected_version: expected,
        current_version: result.current_version,
      });
    case "scope_taken":
      throw refusalError("scope_already_grouped", { project_id: result.project_id });
    case "key_taken":
      throw refusalError("workstream_conflict", { conflicting_scope_id: result.scope_id });
    default: {
      const unexpected: never = result;
      throw new Error(`unknown workstream write outcome ${JSON.stringify(unexpected)}`);
    }
  }
}

export async function registerWorkstream(
  deps: Deps,
  request: RegisterHandoffReportWorkstreamRequest,
): Promise<WorkstreamDescriptor> {
  const workstream: WorkstreamDescriptor = {
    schema: WORKSTREAM_SCHEMA,
    scope_id: request.scope_id,
    project_id: request.project_id,
    key: request.key ?? null,
    title: request.title,
    kind: request.kind,
    catalog_state: request.catalog_state ?? "included",
    external_refs: request.external_refs ?? [],
    labels: request.labels ?? [],
    version: 1,
  };
  checkWorkstream(workstream, "");
  rejectSecrets(workstream);
  await getProject(deps, request.project_id);
  return writtenWorkstream(await deps.store.registerReportWorkstream(workstream), null);
}

export async function listWorkstreams(
  deps: Deps,
  request: ListHandoffReportWorkstreamsRequest,
): Promise<WorkstreamPage> {
  const limit = pageSize(request.limit);
  const after = decodePageCursor(request.cursor);
  await getProject(deps, request.project_id);
  const rows = await deps.store.listReportWorkstreams(request.project_id, {
    after,
    limit: limit + 1,
    include_archived: request.include_archived ?? false,
  });
  return pageOf(rows, limit, (workstream) => workstream.scope_id);
}

/** Replaces every field but the scope and Project; the new version is expected + 1. */
export async function updateWorkstream(
  deps: Deps,
  request: UpdateHandoffReportWorkstreamRequest,
): Promise<WorkstreamDescriptor> {
  const workstream: WorkstreamDescriptor = { ...request.workstream, version: request.expected_version + 1 };
  checkWorkstream(workstream, "workstream.");
  rejectSecrets(workstream);
  const result = await deps.store.updateReportWorkstream(workstream, request.expected_version);
  return writtenWorkstream(result, request.expected_version);
}
