// Work continuity (api-v1.md §9): typed records stored as Sources, with receipts.
import { Type, type Static } from "typebox";
import { CURRENT_WORK_HANDOFF_SCHEMA, TASK_OUTCOME_SCHEMA, WORK_CONTRACT_SCHEMA } from "../schema-ids.ts";
import { ArtifactReference, Nullable, ScopeId, SourceReference, StringEnum, TrimmedString } from "./common.ts";
import { HandoffCitation, HandoffDisposition, HandoffResolution, PreparedHandoff } from "./handoff.ts";

/** Work texts: 1–8192 code points, non-blank, trimmed. */
export const WorkText = TrimmedString(8192, { title: "WorkText" });
/** Work `source_id` and `receiver`: 1–256, non-blank, trimmed. */
export const WorkIdentity = TrimmedString(256, { title: "WorkIdentity" });

export const ClaimBasis = StringEnum(["declared", "verified"], { title: "ClaimBasis" });

/** `verified` needs at least one evidence item and `declared` none (422 otherwise). */
export const WorkClaim = Type.Object(
  { text: WorkText, basis: ClaimBasis, evidence: Type.Array(HandoffCitation, { maxItems: 31 }) },
  { title: "WorkClaim", additionalProperties: false },
);
export type WorkClaim = Static<typeof WorkClaim>;

const list = (minItems: number) => Type.Array(WorkText, { minItems, maxItems: 64 });

export const WorkContract = Type.Object(
  {
    schema: Type.Literal(WORK_CONTRACT_SCHEMA),
    trust: Type.Literal("untrusted_input"),
    objective: WorkText,
    facts: Type.Array(WorkClaim, { maxItems: 64 }),
    in_scope: list(1),
    exclusions: list(0),
    completion_criteria: list(1),
    authorization_notes: list(0),
    open_questions: list(0),
  },
  { title: "WorkContract", additionalProperties: false },
);
export type WorkContract = Static<typeof WorkContract>;

export const WorkSourceReceipt = Type.Object(
  {
    kind: StringEnum(["work-contract", "handoff-boundary", "handoff-receipt", "task-outcome"]),
    source: SourceReference,
    position: Type.Integer({ minimum: 1 }),
    /** `sha256:` + 64 lowercase hex over the RFC 8785 canonical JSON of the stored record (decision §12.10). */
    content_digest: Type.String({ pattern: "^sha256:[0-9a-f]{64}$", minLength: 71, maxLength: 71 }),
  },
  { title: "WorkSourceReceipt", additionalProperties: false },
);
export type WorkSourceReceipt = Static<typeof WorkSourceReceipt>;
export type WorkReceiptKind = WorkSourceReceipt["kind"];

export const CreateWorkContractRequest = Type.Object(
  { scope_id: ScopeId, source_id: WorkIdentity, contract: WorkContract },
  { title: "CreateWorkContractRequest", additionalProperties: false },
);
export type CreateWorkContractRequest = Static<typeof CreateWorkContractRequest>;

export const CurrentWorkHandoff = Type.Object(
  {
    schema: Type.Literal(CURRENT_WORK_HANDOFF_SCHEMA),
    trust: Type.Literal("untrusted_input"),
    objective: WorkText,
    state: Type.Array(WorkClaim, { minItems: 1, maxItems: 64 }),
    disposition: HandoffDisposition,
    next_action: Nullable(WorkClaim),
    omissions: list(0),
  },
  { title: "CurrentWorkHandoff", additionalProperties: false },
);
export type CurrentWorkHandoff = Static<typeof CurrentWorkHandoff>;

export const PrepareCurrentHandoffRequest = Type.Object(
  { scope_id: ScopeId, source_id: WorkIdentity, handoff: CurrentWorkHandoff },
  { title: "PrepareCurrentHandoffRequest", additionalProperties: false },
);
export type PrepareCurrentHandoffRequest = Static<typeof PrepareCurrentHandoffRequest>;

export const PrepareCurrentHandoffResponse = Type.Object(
  { boundary: WorkSourceReceipt, handoff: PreparedHandoff },
  { title: "PrepareCurrentHandoffResponse", additionalProperties: false },
);
export type PrepareCurrentHandoffResponse = Static<typeof PrepareCurrentHandoffResponse>;

const ReceiverCheck = StringEnum(["confirmed", "insufficient", "not_checked"]);

export const ReceiverChecks = Type.Object(
  {
    live_state: StringEnum(["confirmed", "mismatch", "not_checked"]),
    capability: ReceiverCheck,
    authorization: ReceiverCheck,
  },
  { title: "ReceiverChecks", additionalProperties: false },
);
export type ReceiverChecks = Static<typeof ReceiverChecks>;

/**
 * `prepared` is set exactly for the prepared selection and `revision` exactly for exact; `accepted` needs all three
 * checks confirmed and no unavailable evidence; any other status needs a message (422 otherwise).
 */
export const AcknowledgeHandoffRequest = Type.Object(
  {
    scope_id: ScopeId,
    source_id: WorkIdentity,
    receiver: WorkIdentity,
    status: StringEnum(["accepted", "needs_clarification", "declined"]),
    selection: StringEnum(["prepared", "exact"]),
    receiver_checks: Type.Optional(Nullable(ReceiverChecks)),
    prepared: Type.Optional(Nullable(PreparedHandoff)),
    revision: Type.Optional(Nullable(ArtifactReference)),
    message: Type.Optional(Nullable(WorkText)),
  },
  { title: "AcknowledgeHandoffRequest", additionalProperties: false },
);
export type AcknowledgeHandoffRequest = Static<typeof AcknowledgeHandoffRequest>;

export const AcknowledgeHandoffResponse = Type.Object(
  { resolution: HandoffResolution, receipt: WorkSourceReceipt },
  { title: "AcknowledgeHandoffResponse", additionalProperties: false },
);
export type AcknowledgeHandoffResponse = Static<typeof AcknowledgeHandoffResponse>;

export const TaskCheck = Type.Object(
  {
    name: WorkText,
    status: StringEnum(["passed", "failed", "skipped", "timed_out", "unavailable", "cancelled", "unknown"]),
    details: Type.Optional(Nullable(WorkText)),
    basis: ClaimBasis,
    evidence: Type.Array(HandoffCitation, { maxItems: 32 }),
  },
  { title: "TaskCheck", additionalProperties: false },
);
export type TaskCheck = Static<typeof TaskCheck>;

export const TaskOutcome = Type.Object(
  {
    schema: Type.Literal(TASK_OUTCOME_SCHEMA),
    trust: Type.Literal("untrusted_observation"),
    objective: WorkText,
    summary: WorkText,
    status: StringEnum(["succeeded", "partial", "blocked", "failed", "cancelled", "unknown"]),
    handoff_receipt_ref: Type.Optional(Nullable(SourceReference)),
    observations: Type.Array(WorkClaim, { minItems: 1, maxItems: 64 }),
    checks: Type.Array(TaskCheck, { maxItems: 64 }),
    produced_artifacts: Type.Array(ArtifactReference, { maxItems: 32 }),
    remaining_work: list(0),
  },
  { title: "TaskOutcome", additionalProperties: false },
);
export type TaskOutcome = Static<typeof TaskOutcome>;

export const RecordTaskOutcomeRequest = Type.Object(
  { scope_id: ScopeId, source_id: WorkIdentity, outcome: TaskOutcome },
  { title: "RecordTaskOutcomeRequest", additionalProperties: false },
);
export type RecordTaskOutcomeRequest = Static<typeof RecordTaskOutcomeRequest>;
