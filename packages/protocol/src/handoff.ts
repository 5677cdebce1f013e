// Handoff and work-continuity wire types (PowerContext v1 contract §8–9, snake_case as on the wire).
import type { ArtifactReference, MemoryCitation, SourceReference } from "./types.ts";

export const HANDOFF_SCHEMA = "powercontext.handoff.v1";
export const PREPARED_HANDOFF_SCHEMA = "powercontext.prepared-handoff.v1";
export const WORK_CONTRACT_SCHEMA = "powercontext.work-contract.v1";
export const CURRENT_WORK_HANDOFF_SCHEMA = "powercontext.current-work-handoff.v1";
export const TASK_OUTCOME_SCHEMA = "powercontext.task-outcome.v1";
/** Our schema id for the record an acknowledgement stores; the contract leaves it to the server. */
export const HANDOFF_RECEIPT_SCHEMA = "powercontext.handoff-receipt.v1";

export type HandoffCitation =
  | { kind: "source"; source_ref: SourceReference }
  | { kind: "artifact"; artifact_ref: ArtifactReference }
  | { kind: "memory"; memory_citation: MemoryCitation };

export interface HandoffStatement {
  text: string;
  citations: HandoffCitation[];
}

export interface HandoffOmission {
  text: string;
  citation: HandoffCitation | null;
}

export type HandoffDisposition = "continuable" | "blocked" | "complete";

export interface HandoffDraft {
  objective: string;
  state: HandoffStatement[];
  disposition: HandoffDisposition;
  next_action: HandoffStatement | null;
  omissions: HandoffOmission[];
}

export interface HandoffContent extends HandoffDraft {
  schema: typeof HANDOFF_SCHEMA;
}

export interface PreparedHandoff {
  schema: typeof PREPARED_HANDOFF_SCHEMA;
  scope_id: string;
  base: ArtifactReference | null;
  content: HandoffContent;
}

export interface EvidenceCheck {
  claim: "state" | "next_action";
  state_index: number | null;
  status: "available" | "unavailable";
  unavailable_evidence: HandoffCitation[];
}

export type HandoffSelection = "prepared" | "exact" | "latest";

export interface HandoffResolution {
  trust: "untrusted_history";
  status: "resolved" | "empty";
  scope_id: string;
  content: HandoffContent | null;
  selection: HandoffSelection | null;
  selected_revision: ArtifactReference | null;
  current_revision: ArtifactReference | null;
  evidence_checks: EvidenceCheck[];
}

export type WorkReceiptKind = "work-contract" | "handoff-boundary" | "handoff-receipt" | "task-outcome";

export interface WorkSourceReceipt {
  kind: WorkReceiptKind;
  source: SourceReference;
  position: number;
  content_digest: string;
}

export interface WorkClaim {
  text: string;
  basis: "declared" | "verified";
  evidence: HandoffCitation[];
}
