// Handoff operations (api-v1.md §8): prepare, finalize, commit, continue, activate, and their value types.
import { Type, type Static } from "typebox";
import { HANDOFF_SCHEMA, PREPARED_HANDOFF_SCHEMA } from "../schema-ids.ts";
import {
  ArtifactReference,
  Count,
  MemoryCitation,
  NonBlankString,
  Nullable,
  ScopeId,
  SourceReference,
  StringEnum,
} from "./common.ts";
import { MaxBytes } from "./context.ts";

export const SourceCitation = Type.Object(
  { kind: Type.Literal("source"), source_ref: SourceReference },
  { title: "SourceCitation", additionalProperties: false },
);
export const ArtifactCitation = Type.Object(
  { kind: Type.Literal("artifact"), artifact_ref: ArtifactReference },
  { title: "ArtifactCitation", additionalProperties: false },
);
export const MemoryEntryCitation = Type.Object(
  { kind: Type.Literal("memory"), memory_citation: MemoryCitation },
  { title: "MemoryEntryCitation", additionalProperties: false },
);

/** Discriminated on `kind`; two citations are equal when their JSON values are equal. */
export const HandoffCitation = Type.Union([SourceCitation, ArtifactCitation, MemoryEntryCitation], {
  title: "HandoffCitation",
});
export type HandoffCitation = Static<typeof HandoffCitation>;

/** Objective, statement and omission texts: 1–8192 code points, non-blank (not required to be trimmed). */
export const HandoffText = NonBlankString(8192, { title: "HandoffText" });

export const HandoffStatement = Type.Object(
  { text: HandoffText, citations: Type.Array(HandoffCitation, { minItems: 1, maxItems: 32 }) },
  { title: "HandoffStatement", additionalProperties: false },
);
export type HandoffStatement = Static<typeof HandoffStatement>;

/** `citation` is never validated or checked. */
export const HandoffOmission = Type.Object(
  { text: HandoffText, citation: Nullable(HandoffCitation) },
  { title: "HandoffOmission", additionalProperties: false },
);
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
export const HandoffDraft = Type.Object(draftProperties, { title: "HandoffDraft", additionalProperties: false });
export type HandoffDraft = Static<typeof HandoffDraft>;

export const HandoffContent = Type.Object(
  { schema: Type.Literal(HANDOFF_SCHEMA), ...draftProperties },
  { title: "HandoffContent", additionalProperties: false },
);
export type HandoffContent = Static<typeof HandoffContent>;

/** `base` is the Handoff head observed at finalize, or null. */
export const PreparedHandoff = Type.Object(
  {
    schema: Type.Literal(PREPARED_HANDOFF_SCHEMA),
    scope_id: ScopeId,
    base: Nullable(ArtifactReference),
    content: HandoffContent,
  },
  { title: "PreparedHandoff", additionalProperties: false },
);
export type PreparedHandoff = Static<typeof PreparedHandoff>;

/** Evidence must be unique (422 otherwise, decision §12.4) and available (404). */
export const PrepareHandoffRequest = Type.Object(
  {
    scope_id: ScopeId,
    objective: HandoffText,
    evidence: Type.Array(HandoffCitation, { minItems: 1, maxItems: 32 }),
    max_bytes: Type.Optional(MaxBytes),
  },
  { title: "PrepareHandoffRequest", additionalProperties: false },
);
export type PrepareHandoffRequest = Static<typeof PrepareHandoffRequest>;

export const FinalizeHandoffRequest = Type.Object(
  { scope_id: ScopeId, draft: HandoffDraft },
  { title: "FinalizeHandoffRequest", additionalProperties: false },
);
export type FinalizeHandoffRequest = Static<typeof FinalizeHandoffRequest>;

export const CommitHandoffRequest = Type.Object(
  { scope_id: ScopeId, handoff: PreparedHandoff },
  { title: "CommitHandoffRequest", additionalProperties: false },
);
export type CommitHandoffRequest = Static<typeof CommitHandoffRequest>;

/** `source_refs`: distinct direct Source citations; `artifact_refs`: distinct artifact refs plus memory citations' `memory_ref`. */
export const CommitHandoffResponse = Type.Object(
  {
    reference: ArtifactReference,
    content: HandoffContent,
    source_refs: Type.Array(SourceReference),
    artifact_refs: Type.Array(ArtifactReference),
  },
  { title: "CommitHandoffResponse", additionalProperties: false },
);
export type CommitHandoffResponse = Static<typeof CommitHandoffResponse>;

export const HandoffSelection = StringEnum(["prepared", "exact", "latest"], { title: "HandoffSelection" });
export type HandoffSelection = Static<typeof HandoffSelection>;

/** `prepared` needs `prepared`, `exact` needs `revision`, `latest` neither; a field not needed must be absent or null. */
export const ContinueHandoffRequest = Type.Object(
  {
    scope_id: ScopeId,
    selection: HandoffSelection,
    prepared: Type.Optional(Nullable(PreparedHandoff)),
    revision: Type.Optional(Nullable(ArtifactReference)),
  },
  { title: "ContinueHandoffRequest", additionalProperties: false },
);
export type ContinueHandoffRequest = Static<typeof ContinueHandoffRequest>;

/** `unavailable` iff a citation of the statement is unavailable now; those are listed in order, deduplicated. */
export const EvidenceCheck = Type.Object(
  {
    claim: StringEnum(["state", "next_action"]),
    state_index: Nullable(Type.Integer({ minimum: 0 })),
    status: StringEnum(["available", "unavailable"]),
    unavailable_evidence: Type.Array(HandoffCitation, { maxItems: 32 }),
  },
  { title: "EvidenceCheck", additionalProperties: false },
);
export type EvidenceCheck = Static<typeof EvidenceCheck>;

/** Untrusted history. `empty` only for `latest` with nothing committed: content, selection and revisions null. */
export const HandoffResolution = Type.Object(
  {
    trust: Type.Literal("untrusted_history"),
    status: StringEnum(["resolved", "empty"]),
    scope_id: ScopeId,
    content: Nullable(HandoffContent),
    selection: Nullable(HandoffSelection),
    selected_revision: Nullable(ArtifactReference),
    current_revision: Nullable(ArtifactReference),
    evidence_checks: Type.Array(EvidenceCheck, { maxItems: 65 }),
  },
  { title: "HandoffResolution", additionalProperties: false },
);
export type HandoffResolution = Static<typeof HandoffResolution>;

/** The effective evidence is the boundary followed by `evidence` minus the boundary: unique, at most 32. */
export const ActivateHandoffRequest = Type.Object(
  {
    scope_id: ScopeId,
    boundary_source: SourceReference,
    objective: HandoffText,
    evidence: Type.Optional(Type.Array(HandoffCitation, { maxItems: 32 })),
    max_bytes: Type.Optional(MaxBytes),
  },
  { title: "ActivateHandoffRequest", additionalProperties: false },
);
export type ActivateHandoffRequest = Static<typeof ActivateHandoffRequest>;

/** `generated`: current > previous and a draft; `ignored`: both positions equal the cursor and no draft. */
export const ActivateHandoffResponse = Type.Object(
  {
    status: StringEnum(["generated", "ignored"]),
    boundary_source: SourceReference,
    previous_position: Count,
    current_position: Count,
    draft: Nullable(HandoffDraft),
  },
  { title: "ActivateHandoffResponse", additionalProperties: false },
);
export type ActivateHandoffResponse = Static<typeof ActivateHandoffResponse>;
