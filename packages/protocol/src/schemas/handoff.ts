// Handoff operations (api-v1.md §8): prepare, finalize, commit, continue, activate, and their value types.
import { Type, type Static } from "typebox";
import { HANDOFF_SCHEMA, PREPARED_HANDOFF_SCHEMA } from "../schema-ids.ts";
import { NonBlankString, Nullable, OptionalNullable, StringEnum, WireObject } from "./builders.ts";
import { ArtifactReference, Count, MemoryCitation, ScopeId, SourceReference } from "./common.ts";
import { MaxBytes } from "./context.ts";

export const SourceCitation = WireObject("SourceCitation", {
  kind: Type.Literal("source"),
  source_ref: SourceReference,
});
export const ArtifactCitation = WireObject("ArtifactCitation", {
  kind: Type.Literal("artifact"),
  artifact_ref: ArtifactReference,
});
export const MemoryEntryCitation = WireObject("MemoryEntryCitation", {
  kind: Type.Literal("memory"),
  memory_citation: MemoryCitation,
});

/** Discriminated on `kind`; two citations are equal when their JSON values are equal. */
export const HandoffCitation = Type.Union([SourceCitation, ArtifactCitation, MemoryEntryCitation], {
  title: "HandoffCitation",
});
export type HandoffCitation = Static<typeof HandoffCitation>;

/** Objective, statement and omission texts: 1–8192 code points, non-blank (not required to be trimmed). */
export const HandoffText = NonBlankString(8192, { title: "HandoffText" });

export const HandoffStatement = WireObject("HandoffStatement", {
  text: HandoffText,
  citations: Type.Array(HandoffCitation, { minItems: 1, maxItems: 32 }),
});
export type HandoffStatement = Static<typeof HandoffStatement>;

/** `citation` is never validated or checked. */
export const HandoffOmission = WireObject("HandoffOmission", {
  text: HandoffText,
  citation: Nullable(HandoffCitation),
});
export type HandoffOmission = Static<typeof HandoffOmission>;

export const HandoffDisposition = StringEnum(["continuable", "blocked", "complete"], { title: "HandoffDisposition" });
export type HandoffDisposition = Static<typeof HandoffDisposition>;

const draftProperties = {
  objective: HandoffText,
  state: Type.Array(HandoffStatement, { minItems: 1, maxItems: 64 }),
  disposition: HandoffDisposition,
  /** By convention null when the disposition is `complete`; not enforced (decision §12.9). */
  next_action: Nullable(HandoffStatement),
  omissions: Type.Array(HandoffOmission, { maxItems: 64 }),
};

/** Never stored: clients carry drafts inline from call to call. */
export const HandoffDraft = WireObject("HandoffDraft", draftProperties);
export type HandoffDraft = Static<typeof HandoffDraft>;

export const HandoffContent = WireObject("HandoffContent", {
  schema: Type.Literal(HANDOFF_SCHEMA),
  ...draftProperties,
});
export type HandoffContent = Static<typeof HandoffContent>;

/** `base` is the Handoff head observed at finalize, or null. */
export const PreparedHandoff = WireObject("PreparedHandoff", {
  schema: Type.Literal(PREPARED_HANDOFF_SCHEMA),
  scope_id: ScopeId,
  base: Nullable(ArtifactReference),
  content: HandoffContent,
});
export type PreparedHandoff = Static<typeof PreparedHandoff>;

/** Evidence must be unique (422 otherwise, decision §12.4) and available (404). */
export const PrepareHandoffRequest = WireObject("PrepareHandoffRequest", {
  scope_id: ScopeId,
  objective: HandoffText,
  evidence: Type.Array(HandoffCitation, { minItems: 1, maxItems: 32 }),
  max_bytes: Type.Optional(MaxBytes),
});
export type PrepareHandoffRequest = Static<typeof PrepareHandoffRequest>;

export const FinalizeHandoffRequest = WireObject("FinalizeHandoffRequest", { scope_id: ScopeId, draft: HandoffDraft });
export type FinalizeHandoffRequest = Static<typeof FinalizeHandoffRequest>;

export const CommitHandoffRequest = WireObject("CommitHandoffRequest", { scope_id: ScopeId, handoff: PreparedHandoff });
export type CommitHandoffRequest = Static<typeof CommitHandoffRequest>;

/** `source_refs`: distinct direct Source citations; `artifact_refs`: distinct artifact refs plus memory citations' `memory_ref`. */
export const CommitHandoffResponse = WireObject("CommitHandoffResponse", {
  reference: ArtifactReference,
  content: HandoffContent,
  source_refs: Type.Array(SourceReference),
  artifact_refs: Type.Array(ArtifactReference),
});
export type CommitHandoffResponse = Static<typeof CommitHandoffResponse>;

export const HandoffSelection = StringEnum(["prepared", "exact", "latest"], { title: "HandoffSelection" });
export type HandoffSelection = Static<typeof HandoffSelection>;

/** The Handoff a `prepared` or `exact` selection names, for continue and for acknowledge alike. */
export const SELECTED_HANDOFF = {
  prepared: OptionalNullable(PreparedHandoff),
  revision: OptionalNullable(ArtifactReference),
};

/** `prepared` needs `prepared`, `exact` needs `revision`, `latest` neither; a field not needed must be absent or null. */
export const ContinueHandoffRequest = WireObject("ContinueHandoffRequest", {
  scope_id: ScopeId,
  selection: HandoffSelection,
  ...SELECTED_HANDOFF,
});
export type ContinueHandoffRequest = Static<typeof ContinueHandoffRequest>;

/** `unavailable` iff a citation of the statement is unavailable now; those are listed in order, deduplicated. */
export const EvidenceCheck = WireObject("EvidenceCheck", {
  claim: StringEnum(["state", "next_action"]),
  state_index: Nullable(Type.Integer({ minimum: 0 })),
  status: StringEnum(["available", "unavailable"]),
  unavailable_evidence: Type.Array(HandoffCitation, { maxItems: 32 }),
});
export type EvidenceCheck = Static<typeof EvidenceCheck>;

/** Untrusted history. `empty` only for `latest` with nothing committed: content, selection and revisions null. */
export const HandoffResolution = WireObject("HandoffResolution", {
  trust: Type.Literal("untrusted_history"),
  status: StringEnum(["resolved", "empty"]),
  scope_id: ScopeId,
  content: Nullable(HandoffContent),
  selection: Nullable(HandoffSelection),
  selected_revision: Nullable(ArtifactReference),
  current_revision: Nullable(ArtifactReference),
  evidence_checks: Type.Array(EvidenceCheck, { maxItems: 65 }),
});
export type HandoffResolution = Static<typeof HandoffResolution>;

/** The effective evidence is the boundary followed by `evidence` minus the boundary: unique, at most 32. */
export const ActivateHandoffRequest = WireObject("ActivateHandoffRequest", {
  scope_id: ScopeId,
  boundary_source: SourceReference,
  objective: HandoffText,
  evidence: Type.Optional(Type.Array(HandoffCitation, { maxItems: 32 })),
  max_bytes: Type.Optional(MaxBytes),
});
export type ActivateHandoffRequest = Static<typeof ActivateHandoffRequest>;

/** `generated`: current > previous and a draft; `ignored`: both positions equal the cursor and no draft. */
export const ActivateHandoffResponse = WireObject("ActivateHandoffResponse", {
  status: StringEnum(["generated", "ignored"]),
  boundary_source: SourceReference,
  previous_position: Count,
  current_position: Count,
  draft: Nullable(HandoffDraft),
});
export type ActivateHandoffResponse = Static<typeof ActivateHandoffResponse>;
