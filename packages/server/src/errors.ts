// The one error type of the Server package. `code` is the contract's stable error code.
export const ERROR_CODES = [
  "invalid_request",
  "unauthorized",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "artifact_not_found",
  "memory_not_found",
  "candidate_not_found",
  "handoff_evidence_not_found",
  "source_conflict",
  "revision_conflict",
  "memory_entry_inactive",
  "candidate_conflict",
  "candidate_terminal",
  "capability_not_supported",
  "secret_rejected",
  "internal_error",
  "invalid_handoff_generation",
  "runtime_not_ready",
  "handoff_generation_unavailable",
  "inference_timeout",
  "inference_unavailable",
  "schema_too_new",
  "configuration_invalid",
  // Handoff Reports, with upstream's codes (activity_conflict and report_too_large are ours: upstream names no code).
  "project_not_found",
  "scope_not_grouped",
  "workspace_not_bound",
  "project_conflict",
  "workstream_conflict",
  "scope_already_grouped",
  "workspace_binding_conflict",
  "activity_conflict",
  "report_too_large",
  // Experience, Skill and external Skills (issue 19).
  "artifact_conflict",
  "external_skill_not_found",
  "external_skill_unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class PowerContextError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | null;
  constructor(code: ErrorCode, message: string, options?: ErrorOptions & { details?: Record<string, unknown> | null }) {
    super(message, options);
    this.name = "PowerContextError";
    this.code = code;
    this.details = options?.details ?? null;
  }
}
