// Work continuity (api-v1.md §9): typed records stored as Sources, with receipts.
import { Type, type Static } from "typebox";
import { CURRENT_WORK_HANDOFF_SCHEMA, TASK_OUTCOME_SCHEMA, WORK_CONTRACT_SCHEMA } from "../schema-ids.ts";
import { Nullable, OptionalNullable, StringEnum, TrimmedString, WireObject } from "./builders.ts";
import { ArtifactReference, Ordinal, ScopeId, SourceReference } from "./common.ts";
import {
  HandoffCitation,
  HandoffDisposition,
  HandoffResolution,
  PreparedHandoff,
  SELECTED_HANDOFF,
} from "./handoff.ts";

/** Work texts: 1–8192 code points, non-blank, trimmed. */
export const WorkText = TrimmedString(8192, { title: "WorkText" });
/** Work `source_id` and `receiver`: 1–256, non-blank, trimmed. */
export const WorkIdentity = TrimmedString(256, { title: "WorkIdentity" });

export const ClaimBasis = StringEnum(["declared", "verified"], { title: "ClaimBasis" });

/** `verified` needs at least one evidence item and `declared` none (422 otherwise). */
export const WorkClaim = WireObject("WorkClaim", {
  text: WorkText,
  basis: ClaimBasis,
  evidence: Type.Array(HandoffCitation, { maxItems: 31 }),
});
export type WorkClaim = Static<typeof WorkClaim>;

const list = (minItems: number) => Type.Array(WorkText, { minItems, maxItems: 64 });
/**
 * A list whose items must differ: upstream's Server answers a repeated item here with 422 invalid_request (issue #19;
 * its published document does not declare it), so `uniqueItems` makes Ajv refuse it the same way and our document say so.
 */
const uniqueList = (minItems: number) => Type.Array(WorkText, { minItems, maxItems: 64, uniqueItems: true });

export const WorkContract = WireObject("WorkContract", {
  schema: Type.Literal(WORK_CONTRACT_SCHEMA),
  trust: Type.Literal("untrusted_input"),
  objective: WorkText,
  facts: Type.Array(WorkClaim, { maxItems: 64 }),
  in_scope: uniqueList(1),
  exclusions: uniqueList(0),
  completion_criteria: uniqueList(1),
  authorization_notes: list(0),
  open_questions: list(0),
});
export type WorkContract = Static<typeof WorkContract>;

export const WorkSourceReceipt = WireObject("WorkSourceReceipt", {
  kind: StringEnum(["work-contract", "handoff-boundary", "handoff-receipt", "task-outcome"]),
  source: SourceReference,
  position: Ordinal,
  /** `sha256:` + 64 lowercase hex over the RFC 8785 canonical JSON of the stored record (decision §12.10). */
  content_digest: Type.String({ pattern: "^sha256:[0-9a-f]{64}$", minLength: 71, maxLength: 71 }),
});
export type WorkSourceReceipt = Static<typeof WorkSourceReceipt>;
export type WorkReceiptKind = WorkSourceReceipt["kind"];

/** Every work record is stored as the Source `source_id` of its scope, once: idempotent per (scope_id, source_id). */
const WORK_SOURCE = { scope_id: ScopeId, source_id: WorkIdentity };

export const CreateWorkContractRequest = WireObject("CreateWorkContractRequest", {
  ...WORK_SOURCE,
  contract: WorkContract,
});
export type CreateWorkContractRequest = Static<typeof CreateWorkContractRequest>;

export const CurrentWorkHandoff = WireObject("CurrentWorkHandoff", {
  schema: Type.Literal(CURRENT_WORK_HANDOFF_SCHEMA),
  trust: Type.Literal("untrusted_input"),
  objective: WorkText,
  state: Type.Array(WorkClaim, { minItems: 1, maxItems: 64 }),
  disposition: HandoffDisposition,
  next_action: Nullable(WorkClaim),
  omissions: uniqueList(0),
});
export type CurrentWorkHandoff = Static<typeof CurrentWorkHandoff>;

export const PrepareCurrentHandoffRequest = WireObject("PrepareCurrentHandoffRequest", {
  ...WORK_SOURCE,
  handoff: CurrentWorkHandoff,
});
export type PrepareCurrentHandoffRequest = Static<typeof PrepareCurrentHandoffRequest>;

export const PrepareCurrentHandoffResponse = WireObject("PrepareCurrentHandoffResponse", {
  boundary: WorkSourceReceipt,
  handoff: PreparedHandoff,
});
export type PrepareCurrentHandoffResponse = Static<typeof PrepareCurrentHandoffResponse>;

const ReceiverCheck = StringEnum(["confirmed", "insufficient", "not_checked"]);

export const ReceiverChecks = WireObject("ReceiverChecks", {
  live_state: StringEnum(["confirmed", "mismatch", "not_checked"]),
  capability: ReceiverCheck,
  authorization: ReceiverCheck,
});
export type ReceiverChecks = Static<typeof ReceiverChecks>;

/**
 * `prepared` is set exactly for the prepared selection and `revision` exactly for exact; `accepted` needs all three
 * checks confirmed and no unavailable evidence; any other status needs a message (422 otherwise).
 */
export const AcknowledgeHandoffRequest = WireObject("AcknowledgeHandoffRequest", {
  ...WORK_SOURCE,
  receiver: WorkIdentity,
  status: StringEnum(["accepted", "needs_clarification", "declined"]),
  selection: StringEnum(["prepared", "exact"]),
  receiver_checks: OptionalNullable(ReceiverChecks),
  ...SELECTED_HANDOFF,
  message: OptionalNullable(WorkText),
});
export type AcknowledgeHandoffRequest = Static<typeof AcknowledgeHandoffRequest>;

export const AcknowledgeHandoffResponse = WireObject("AcknowledgeHandoffResponse", {
  resolution: HandoffResolution,
  receipt: WorkSourceReceipt,
});
export type AcknowledgeHandoffResponse = Static<typeof AcknowledgeHandoffResponse>;

export const TaskCheck = WireObject("TaskCheck", {
  name: WorkText,
  status: StringEnum(["passed", "failed", "skipped", "timed_out", "unavailable", "cancelled", "unknown"]),
  details: OptionalNullable(WorkText),
  basis: ClaimBasis,
  evidence: Type.Array(HandoffCitation, { maxItems: 32 }),
});
export type TaskCheck = Static<typeof TaskCheck>;

export const TaskOutcome = WireObject("TaskOutcome", {
  schema: Type.Literal(TASK_OUTCOME_SCHEMA),
  trust: Type.Literal("untrusted_observation"),
  objective: WorkText,
  summary: WorkText,
  status: StringEnum(["succeeded", "partial", "blocked", "failed", "cancelled", "unknown"]),
  handoff_receipt_ref: OptionalNullable(SourceReference),
  observations: Type.Array(WorkClaim, { minItems: 1, maxItems: 64 }),
  checks: Type.Array(TaskCheck, { maxItems: 64 }),
  produced_artifacts: Type.Array(ArtifactReference, { maxItems: 32 }),
  remaining_work: uniqueList(0),
});
export type TaskOutcome = Static<typeof TaskOutcome>;

export const RecordTaskOutcomeRequest = WireObject("RecordTaskOutcomeRequest", {
  ...WORK_SOURCE,
  outcome: TaskOutcome,
});
export type RecordTaskOutcomeRequest = Static<typeof RecordTaskOutcomeRequest>;
