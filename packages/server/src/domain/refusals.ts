// The expected outcomes of reads and writes that the API answers as errors (style rule 25: outcomes are values, the
// edge of the domain turns them into errors), each with its contract code and its one wording.
import { type ErrorCode, PowerContextError } from "../errors.ts";

const ARTIFACT_NOT_FOUND = { code: "artifact_not_found", message: "The requested Artifact was not found." } as const;

const REFUSALS = {
  artifact_not_found: ARTIFACT_NOT_FOUND,
  /** Remember guarded by an expected revision, on a scope without Memory: the revision it names does not exist. */
  no_memory: ARTIFACT_NOT_FOUND,
  memory_not_found: { code: "memory_not_found", message: "The requested Memory value was not found." },
  revision_conflict: { code: "revision_conflict", message: "The Memory Revision is stale." },
  entry_inactive: { code: "memory_entry_inactive", message: "The Memory entry is inactive." },
  candidate_not_found: { code: "candidate_not_found", message: "The requested Candidate was not found." },
  candidate_terminal: { code: "candidate_terminal", message: "The Candidate is already terminal." },
  candidate_conflict: { code: "candidate_conflict", message: "The Candidate version is stale." },
  // Handoff Reports
  project_not_found: { code: "project_not_found", message: "The Report Project was not found." },
  workstream_not_found: { code: "scope_not_grouped", message: "The scope is not a Workstream of any Report Project." },
  workspace_not_bound: { code: "workspace_not_bound", message: "The workspace has no confirmed Report binding." },
  project_conflict: { code: "project_conflict", message: "The Project version or key conflicts with the catalog." },
  workstream_conflict: {
    code: "workstream_conflict",
    message: "The Workstream version or key conflicts with the catalog.",
  },
  scope_already_grouped: { code: "scope_already_grouped", message: "The scope already belongs to a Report Project." },
  workspace_binding_conflict: {
    code: "workspace_binding_conflict",
    message: "The workspace binding version conflicts with the catalog.",
  },
  activity_conflict: {
    code: "activity_conflict",
    message: "An activity with this source and source_event_id was recorded with different content.",
  },
  report_too_large: { code: "report_too_large", message: "The Handoff Report exceeds the output limit." },
  artifact_conflict: { code: "artifact_conflict", message: "The Candidate target Artifact is stale." },
  external_skill_not_found: { code: "external_skill_not_found", message: "The external Skill is not registered." },
  external_skill_unavailable: {
    code: "external_skill_unavailable",
    message: "The external Skill is not available at that fingerprint on this host.",
  },
  source_not_found: { code: "not_found", message: "The requested Source was not found in this scope." },
  scope_not_found: { code: "not_found", message: "The scope holds nothing: no Source, Memory or Handoff." },
} as const satisfies Record<string, { code: ErrorCode; message: string }>;

export type Refusal = keyof typeof REFUSALS;

/** The error the API answers `outcome` with; `details` become the envelope's `details`. */
export function refusalError(outcome: Refusal, details?: Record<string, unknown>): PowerContextError {
  const { code, message } = REFUSALS[outcome];
  return new PowerContextError(code, message, details === undefined ? {} : { details });
}
