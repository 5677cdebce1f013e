// Workspace bindings: which Report Project a checkout (one workspace instance) belongs to. Attach creates or replaces
// the binding at an expected version (null: none yet); detach keeps the record, marked detached.
import {
  type AttachHandoffReportWorkspaceRequest,
  type DetachHandoffReportWorkspaceRequest,
  type HandoffReportWorkspaceBinding,
  WORKSPACE_BINDING_SCHEMA,
} from "@powercontext/protocol";
import type { BindingWriteResult } from "../../store/types.ts";
import type { DomainDeps } from "../deps.ts";
import { refusalError } from "../refusals.ts";
import { rejectSecrets } from "../secrets/secret-guard.ts";
import { checkRepositoryRef } from "./input-checks.ts";
import { getProject } from "./projects.ts";

type Deps = Pick<DomainDeps, "store" | "clock">;

/** The workspace's confirmed binding; a detached one is not a binding to report from. */
export async function getWorkspaceBinding(
  deps: Pick<DomainDeps, "store">,
  workspaceId: string,
): Promise<HandoffReportWorkspaceBinding> {
  const binding = await deps.store.getWorkspaceBinding(workspaceId);
  if (binding === null || binding.state !== "confirmed") throw refusalError("workspace_not_bound");
  return binding;
}

async function write(
  deps: Deps,
  binding: HandoffReportWorkspaceBinding,
  expected: number | null,
): Promise<HandoffReportWorkspaceBinding> {
  const result: BindingWriteResult = await deps.store.writeWorkspaceBinding(binding, expected);
  if (result.status === "version_conflict")
    throw refusalError("workspace_binding_conflict", {
      expected_version: expected,
      current_version: result.current_version,
    });
  return binding;
}

export async function attachWorkspace(
  deps: Deps,
  request: AttachHandoffReportWorkspaceRequest,
): Promise<HandoffReportWorkspaceBinding> {
  checkRepositoryRef("repository_ref", request.repository_ref);
  rejectSecrets(request);
  await getProject(deps, request.project_id);
  const binding: HandoffReportWorkspaceBinding = {
    schema: WORKSPACE_BINDING_SCHEMA,
    workspace_instance_id: request.workspace_instance_id,
    project_id: request.project_id,
    repository_ref: request.repository_ref,
    state: "confirmed",
    confirmed_at: deps.clock.now().toISOString(),
    version: (request.expected_version ?? 0) + 1,
  };
  return write(deps, binding, request.expected_version);
}

export async function detachWorkspace(
  deps: Deps,
  request: DetachHandoffReportWorkspaceRequest,
): Promise<HandoffReportWorkspaceBinding> {
  const current = await getWorkspaceBinding(deps, request.workspace_instance_id);
  const detached: HandoffReportWorkspaceBinding = {
    ...current,
    state: "detached",
    version: request.expected_version + 1,
  };
  return write(deps, detached, request.expected_version);
}
