// Memory-candidate review (our addition, not in api-v1.md): extracted Memory proposals wait here for a human.
// Same rules as §10 artifact candidates: pending v ─revise→ pending v+1; approve and reject are terminal and keep v.
// Writes check: unknown id 404 candidate_not_found, not pending 409 candidate_terminal, stale version 409
// candidate_conflict.
import { Type, type Static } from "typebox";
import {
  DateTime,
  IDENTIFIER_PATTERN,
  Identifier,
  MemoryCitation,
  MemoryKind,
  MemoryText,
  Nullable,
  ScopeId,
  SourceReference,
  StringEnum,
  TrimmedString,
} from "./common.ts";

export const CandidateStatus = StringEnum(["pending", "approved", "rejected"], { title: "CandidateStatus" });
export type CandidateStatus = Static<typeof CandidateStatus>;

/** The Memory entry an approval would remember; same rules as remember's `kind` and `text`. */
export const MemoryProposal = Type.Object(
  { kind: MemoryKind, text: MemoryText },
  { title: "MemoryProposal", additionalProperties: false },
);
export type MemoryProposal = Static<typeof MemoryProposal>;

/** Who decided, e.g. `user:alice`: 1–128 printable ASCII, no space. */
export const Reviewer = Type.String({ title: "Reviewer", minLength: 1, maxLength: 128, pattern: IDENTIFIER_PATTERN });
export type Reviewer = Static<typeof Reviewer>;

/** A reject reason or a revise note: 1–2000 code points, non-blank, trimmed. */
export const CandidateReason = TrimmedString(2000, { title: "CandidateReason" });
export type CandidateReason = Static<typeof CandidateReason>;

/**
 * The current head of one candidate. Invariants the domain keeps: `result` is non-null iff `approved` (the citation
 * of the remembered entry, or of the existing entry a duplicate approval matched) and `decision_reason` is non-null
 * iff `rejected`.
 */
export const MemoryCandidate = Type.Object(
  {
    candidate_id: Identifier,
    version: Type.Integer({ minimum: 1 }),
    status: CandidateStatus,
    proposal: MemoryProposal,
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    extractor: Type.String(),
    source_refs: Type.Array(SourceReference),
    reviewer: Nullable(Reviewer),
    decision_reason: Nullable(CandidateReason),
    result: Nullable(MemoryCitation),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: "MemoryCandidate", additionalProperties: false },
);
export type MemoryCandidate = Static<typeof MemoryCandidate>;

/** Pages in ascending `candidate_id` byte order; the cursor is opaque. `status` is not nullable. */
export const ListMemoryCandidatesRequest = Type.Object(
  {
    scope_id: ScopeId,
    status: Type.Optional(StringEnum(["pending", "approved", "rejected"], { default: "pending" })),
    cursor: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 128 }))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { title: "ListMemoryCandidatesRequest", additionalProperties: false },
);
export type ListMemoryCandidatesRequest = Static<typeof ListMemoryCandidatesRequest>;

/** `next_cursor` is null when there are no more pages. */
export const ListMemoryCandidatesResponse = Type.Object(
  {
    candidates: Type.Array(MemoryCandidate, { maxItems: 100 }),
    next_cursor: Nullable(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { title: "ListMemoryCandidatesResponse", additionalProperties: false },
);
export type ListMemoryCandidatesResponse = Static<typeof ListMemoryCandidatesResponse>;

export const GetMemoryCandidateRequest = Type.Object(
  { scope_id: ScopeId, candidate_id: Identifier },
  { title: "GetMemoryCandidateRequest", additionalProperties: false },
);
export type GetMemoryCandidateRequest = Static<typeof GetMemoryCandidateRequest>;

/** Remembers the proposal and marks the candidate approved, in one transaction. */
export const ApproveMemoryCandidateRequest = Type.Object(
  {
    scope_id: ScopeId,
    candidate_id: Identifier,
    expected_version: Type.Integer({ minimum: 1 }),
    reviewer: Type.Optional(Nullable(Reviewer)),
  },
  { title: "ApproveMemoryCandidateRequest", additionalProperties: false },
);
export type ApproveMemoryCandidateRequest = Static<typeof ApproveMemoryCandidateRequest>;

/** `reason` is required and becomes `decision_reason`. Nothing is remembered. */
export const RejectMemoryCandidateRequest = Type.Object(
  {
    scope_id: ScopeId,
    candidate_id: Identifier,
    expected_version: Type.Integer({ minimum: 1 }),
    reason: CandidateReason,
    reviewer: Type.Optional(Nullable(Reviewer)),
  },
  { title: "RejectMemoryCandidateRequest", additionalProperties: false },
);
export type RejectMemoryCandidateRequest = Static<typeof RejectMemoryCandidateRequest>;

/** A complete replacement of the proposal, stored as version `expected_version` + 1 and still pending. */
export const ReviseMemoryCandidateRequest = Type.Object(
  {
    scope_id: ScopeId,
    candidate_id: Identifier,
    expected_version: Type.Integer({ minimum: 1 }),
    proposal: MemoryProposal,
    reason: Type.Optional(Nullable(CandidateReason)),
  },
  { title: "ReviseMemoryCandidateRequest", additionalProperties: false },
);
export type ReviseMemoryCandidateRequest = Static<typeof ReviseMemoryCandidateRequest>;
