// Experience and managed Skill artifacts and their review inbox (api-v1.md §10; upstream's experience/*, skill/* and
// artifact-candidates/* operations). A proposal waits as a candidate: pending v ─revise→ pending v+1, ─approve→
// approved (writing the artifact's next revision), ─reject→ rejected. Approved and rejected are terminal.
import { Type, type Static } from "typebox";
import { NonBlankString, Nullable, OptionalNullable, SingleLineString, StringEnum, WireObject } from "./builders.ts";
import { ArtifactReference, Identifier, Ordinal, ScopeId, SourceReference } from "./common.ts";
import { CandidateStatus } from "./candidates.ts";

export const CANDIDATE_FAMILIES = ["experience", "skill"] as const;
export const CandidateFamily = StringEnum(CANDIDATE_FAMILIES, { title: "CandidateFamily" });
export type CandidateFamily = Static<typeof CandidateFamily>;

/** What happened, what was done, how it ended and what to take from it: 1–8000 code points each, non-blank. */
export const ExperienceProposal = WireObject("ExperienceProposal", {
  situation: NonBlankString(8000),
  action: NonBlankString(8000),
  outcome: NonBlankString(8000),
  lesson: NonBlankString(8000),
});
export type ExperienceProposal = Static<typeof ExperienceProposal>;

export const SkillValidationItem = SingleLineString(2000, { title: "SkillValidationItem" });

/** A managed Skill: name, description and checks are single-line and trimmed; instructions are free text. */
export const SkillProposal = WireObject("SkillProposal", {
  name: SingleLineString(128),
  description: SingleLineString(2000),
  instructions: NonBlankString(32000),
  validation: Type.Array(SkillValidationItem, { minItems: 1, maxItems: 32 }),
});
export type SkillProposal = Static<typeof SkillProposal>;

/** Told apart by their keys (both objects are closed, so at most one matches). */
export const ArtifactProposal = Type.Union([ExperienceProposal, SkillProposal]);
export type ArtifactProposal = Static<typeof ArtifactProposal>;

/** Exact evidence; the two lists together hold 1–32 references (the domain checks the sum). */
const SourceRefs = Type.Array(SourceReference, { maxItems: 32 });
const ArtifactRefs = Type.Array(ArtifactReference, { maxItems: 32 });
/** Upstream bounds the length only; the Server trims it and stores a blank one as null. */
const ProposalReason = Type.String({ minLength: 1, maxLength: 2000 });

/** Invariants the domain keeps: `result_artifact` non-null iff approved, `decision_reason` non-null iff rejected. */
export const ArtifactCandidate = WireObject("ArtifactCandidate", {
  candidate_id: Identifier,
  version: Ordinal,
  family: CandidateFamily,
  status: CandidateStatus,
  proposal: ArtifactProposal,
  source_refs: SourceRefs,
  artifact_refs: ArtifactRefs,
  target: Nullable(ArtifactReference),
  reason: Nullable(ProposalReason),
  result_artifact: Nullable(ArtifactReference),
  decision_reason: Nullable(ProposalReason),
});
export type ArtifactCandidate = Static<typeof ArtifactCandidate>;

const PageCursor = Type.String({ minLength: 1, maxLength: 128 });

export const ArtifactCandidatePage = WireObject("ArtifactCandidatePage", {
  candidates: Type.Array(ArtifactCandidate),
  next_cursor: Nullable(Type.String()),
});
export type ArtifactCandidatePage = Static<typeof ArtifactCandidatePage>;

/** Pages current heads in ascending `candidate_id` byte order; `status` defaults to pending and is not nullable. */
export const ListArtifactCandidatesRequest = WireObject("ListArtifactCandidatesRequest", {
  scope_id: ScopeId,
  status: Type.Optional(StringEnum(["pending", "approved", "rejected"], { default: "pending" })),
  family: OptionalNullable(CandidateFamily),
  cursor: OptionalNullable(PageCursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type ListArtifactCandidatesRequest = Static<typeof ListArtifactCandidatesRequest>;

const CANDIDATE_TARGET = { scope_id: ScopeId, candidate_id: Identifier };
const CANDIDATE_WRITE = { ...CANDIDATE_TARGET, expected_version: Ordinal };

export const GetArtifactCandidateRequest = WireObject("GetArtifactCandidateRequest", CANDIDATE_TARGET);
export type GetArtifactCandidateRequest = Static<typeof GetArtifactCandidateRequest>;

export const ApproveArtifactCandidateRequest = WireObject("ApproveArtifactCandidateRequest", CANDIDATE_WRITE);
export type ApproveArtifactCandidateRequest = Static<typeof ApproveArtifactCandidateRequest>;

export const RejectArtifactCandidateRequest = WireObject("RejectArtifactCandidateRequest", {
  ...CANDIDATE_WRITE,
  reason: NonBlankString(2000),
});
export type RejectArtifactCandidateRequest = Static<typeof RejectArtifactCandidateRequest>;

/** What a proposal cites and whether it revises an artifact. */
const EVIDENCE = {
  source_refs: SourceRefs,
  artifact_refs: ArtifactRefs,
  target: OptionalNullable(ArtifactReference),
  reason: OptionalNullable(ProposalReason),
};

/** A complete replacement, stored as version `expected_version` + 1 and still pending. */
export const ReviseArtifactCandidateRequest = WireObject("ReviseArtifactCandidateRequest", {
  ...CANDIDATE_WRITE,
  proposal: ArtifactProposal,
  ...EVIDENCE,
});
export type ReviseArtifactCandidateRequest = Static<typeof ReviseArtifactCandidateRequest>;

export const ProposeExperienceRequest = WireObject("ProposeExperienceRequest", {
  scope_id: ScopeId,
  proposal: ExperienceProposal,
  ...EVIDENCE,
});
export type ProposeExperienceRequest = Static<typeof ProposeExperienceRequest>;

export const ProposeSkillRequest = WireObject("ProposeSkillRequest", {
  scope_id: ScopeId,
  proposal: SkillProposal,
  ...EVIDENCE,
});
export type ProposeSkillRequest = Static<typeof ProposeSkillRequest>;

export const GenerateExperienceRequest = WireObject("GenerateExperienceRequest", { scope_id: ScopeId, ...EVIDENCE });
export type GenerateExperienceRequest = Static<typeof GenerateExperienceRequest>;

/** The direct provenance a managed Skill is generated from. */
export const SkillGenerationOrigin = StringEnum(["experience", "source", "usage"], { title: "SkillGenerationOrigin" });
export type SkillGenerationOrigin = Static<typeof SkillGenerationOrigin>;

export const GenerateSkillRequest = WireObject("GenerateSkillRequest", {
  scope_id: ScopeId,
  origin: SkillGenerationOrigin,
  ...EVIDENCE,
});
export type GenerateSkillRequest = Static<typeof GenerateSkillRequest>;

/** A pending candidate, or `no_op` (candidate null) when the evidence adds nothing to the target. */
export const GeneratedCandidateResponse = WireObject("GeneratedCandidateResponse", {
  status: StringEnum(["pending", "no_op"], { title: "GeneratedCandidateStatus" }),
  candidate: Nullable(ArtifactCandidate),
});
export type GeneratedCandidateResponse = Static<typeof GeneratedCandidateResponse>;

export const GetExperienceRequest = WireObject("GetExperienceRequest", {
  scope_id: ScopeId,
  artifact: ArtifactReference,
});
export type GetExperienceRequest = Static<typeof GetExperienceRequest>;

export const GetSkillRequest = WireObject("GetSkillRequest", { scope_id: ScopeId, artifact: ArtifactReference });
export type GetSkillRequest = Static<typeof GetSkillRequest>;

/** One exact approved revision with its direct evidence (the approving candidate's refs). */
export const ExperienceArtifact = WireObject("ExperienceArtifact", {
  artifact: ArtifactReference,
  content: ExperienceProposal,
  source_refs: Type.Array(SourceReference),
  artifact_refs: Type.Array(ArtifactReference),
});
export type ExperienceArtifact = Static<typeof ExperienceArtifact>;

export const SkillArtifact = WireObject("SkillArtifact", {
  artifact: ArtifactReference,
  content: SkillProposal,
  source_refs: Type.Array(SourceReference),
  artifact_refs: Type.Array(ArtifactReference),
});
export type SkillArtifact = Static<typeof SkillArtifact>;
