// The `schema` values that name each versioned wire record. Plain strings, so code that only checks or writes a record
// does not load the TypeBox schemas.

export const PREPARED_CONTEXT_SCHEMA = "powercontext.prepared-context.v1";
export const HANDOFF_SCHEMA = "powercontext.handoff.v1";
export const PREPARED_HANDOFF_SCHEMA = "powercontext.prepared-handoff.v1";
export const WORK_CONTRACT_SCHEMA = "powercontext.work-contract.v1";
export const CURRENT_WORK_HANDOFF_SCHEMA = "powercontext.current-work-handoff.v1";
export const TASK_OUTCOME_SCHEMA = "powercontext.task-outcome.v1";
/** Our schema id for the record an acknowledgement stores; the contract leaves it to the server. */
export const HANDOFF_RECEIPT_SCHEMA = "powercontext.handoff-receipt.v1";
// Handoff Reports
export const PROJECT_SCHEMA = "powercontext.project.v1";
export const WORKSTREAM_SCHEMA = "powercontext.workstream.v1";
export const WORKSPACE_BINDING_SCHEMA = "powercontext.workspace-binding.v1";
export const REPORT_ACTIVITY_SCHEMA = "powercontext.handoff-report-activity.v1";
/** Our schema id for the canonical report model, which upstream leaves open. */
export const HANDOFF_REPORT_SCHEMA = "powercontext.handoff-report.v1";
/** The first line of a scope's export file (JSON Lines) names its format with this. */
export const SCOPE_EXPORT_SCHEMA = "powercontext.scope-export.v1";
