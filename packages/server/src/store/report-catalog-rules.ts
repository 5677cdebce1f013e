// What both adapters decide the same way when they write the Handoff Report catalog, from the rows they read inside
// the write's transaction: whether a Project or Workstream write may go ahead, and what it answers when it may not.
import type { ProjectDescriptor, WorkstreamDescriptor } from "@powercontext/protocol";
import type { BindingWriteResult, ProjectWriteResult, WorkstreamWriteResult } from "./types.ts";

/** A Project write's refusal, or null when it may be written. `expected` is null for a create. */
export function refuseProjectWrite(
  project: ProjectDescriptor,
  facts: { current_version: number | null; expected: number | null; key_owner: string | null },
): ProjectWriteResult | null {
  if (facts.expected !== null) {
    if (facts.current_version === null) return { status: "not_found" };
    if (facts.current_version !== facts.expected)
      return { status: "version_conflict", current_version: facts.current_version };
  }
  if (facts.key_owner !== null && facts.key_owner !== project.project_id)
    return { status: "key_taken", project_id: facts.key_owner };
  return null;
}

/** A Workstream write's refusal, or null when it may be written. `expected` is null for a registration. */
export function refuseWorkstreamWrite(
  workstream: WorkstreamDescriptor,
  facts: {
    current: Pick<WorkstreamDescriptor, "project_id" | "version"> | null;
    expected: number | null;
    key_owner: string | null;
  },
): WorkstreamWriteResult | null {
  const { current, expected } = facts;
  if (expected === null) {
    if (current !== null) return { status: "scope_taken", project_id: current.project_id };
  } else {
    if (current === null) return { status: "not_found" };
    if (current.version !== expected) return { status: "version_conflict", current_version: current.version };
    if (current.project_id !== workstream.project_id) return { status: "scope_taken", project_id: current.project_id };
  }
  if (facts.key_owner !== null && facts.key_owner !== workstream.scope_id)
    return { status: "key_taken", scope_id: facts.key_owner };
  return null;
}

/** A Workspace binding write's refusal (compare and set on its version), or null when it may be written. */
export function refuseBindingWrite(current_version: number | null, expected: number | null): BindingWriteResult | null {
  return current_version === expected ? null : { status: "version_conflict", current_version };
}
