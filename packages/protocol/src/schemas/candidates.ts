// Memory-candidate review (our addition, not in api-v1.md): extracted Memory proposals wait here for a human.
// Same rules as §10 artifact candidates: pending v ─revise→ pending v+1; approve and reject are terminal and keep v.
// Writes check: unknown id 404 candidate_not_found, not pending 409 candidate_terminal, stale version 409
// candidate_conflict.
import { Type, type Static } from "typebox";
import { Nullable, OptionalNullable, PrintableIdentifier, StringEnum, TrimmedString, WireObject } from "./builders.ts";
import {
  DateTime,
  Identifier,
  MemoryCitation,
  MemoryKind,
  MemoryText,
  Ordinal,
  ScopeId,
  SourceReference,
} from "./common.ts";

const CANDIDATE_STATUSES = ["pending", "approved", "rejected"] as const;

export const CandidateStatus = StringEnum(CANDIDATE_STATUSES, { title: "CandidateStatus" });
export type CandidateStatus = Static<typeof CandidateStatus>;

/** The Memory entry an approval would remember; same rules as remember's `kind` and `text`. */
export const MemoryProposal = WireObject("MemoryProposal", { kind: MemoryKind, text: MemoryText });
export type MemoryProposal = Static<typeof MemoryProposal>;

/** Who decided, e.g. `user:alice`: 1–128 printable ASCII, no space. */
export const Reviewer = PrintableIdentifier("Reviewer");
export type Reviewer = Static<typeof Reviewer>;

/** A reject reason or a revise note: 1–2000 code points, non-blank, trimmed. */
export const CandidateReason = TrimmedString(2000, { title: "CandidateReason" });
export type CandidateReason = Static<typeof CandidateReason>;

/**
 * The current head of one candidate. Invariants the domain keeps: `result` is non-null iff `approved` (the citation
 * of the remembered entry, or of the existing entry a duplicate approval matched) and `decision_reason` is non-null
 * iff `rejected`.
 */
export const MemoryCandidate = WireObject("MemoryCandidate", {
  candidate_id: Identifier,
  version: Ordinal,
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
});
export type MemoryCandidate = Static<typeof MemoryCandidate>;

/** The opaque cursor of the next page. */
const PageCursor = Type.String({ minLength: 1, maxLength: 128 });
const MAX_PAGE_SIZE = 100;

/** Pages in ascending `candidate_id` byte order; the cursor is opaque. `status` is not nullable. */
export const ListMemoryCandidatesRequest = WireObject("ListMemoryCandidatesRequest", {
  scope_id: ScopeId,
  status: Type.Optional(StringEnum(CANDIDATE_STATUSES, { default: "pending" })),
  cursor: OptionalNullable(PageCursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
});
export type ListMemoryCandidatesRequest = Static<typeof ListMemoryCandidatesRequest>;

/** `next_cursor` is null when there are no more pages. */
export const ListMemoryCandidatesResponse = WireObject("ListMemoryCandidatesResponse", {
  candidates: Type.Array(MemoryCandidate, { maxItems: MAX_PAGE_SIZE }),
  next_cursor: Nullable(PageCursor),
});
export type ListMemoryCandidatesResponse = Static<typeof ListMemoryCandidatesResponse>;

/** Which candidate a request addresses. */
const CANDIDATE_TARGET = { scope_id: ScopeId, candidate_id: Identifier };
/** A decision or revision applies only while the candidate is still at `expected_version`. */
const CANDIDATE_WRITE = { ...CANDIDATE_TARGET, expected_version: Ordinal };

export const GetMemoryCandidateRequest = WireObject("GetMemoryCandidateRequest", CANDIDATE_TARGET);
export type GetMemoryCandidateRequest = Static<typeof GetMemoryCandidateRequest>;

/** Remembers the proposal and marks the candidate approved, in one transaction. */
export const ApproveMemoryCandidateRequest = WireObject("ApproveMemoryCandidateRequest", {
  ...CANDIDATE_WRITE,
  reviewer: OptionalNullable(Reviewer),
});
export type ApproveMemoryCandidateRequest = Static<typeof ApproveMemoryCandidateRequest>;

/** `reason` is required and becomes `decision_reason`. Nothing is remembered. */
export const RejectMemoryCandidateRequest = WireObject("RejectMemoryCandidateRequest", {
  ...CANDIDATE_WRITE,
  reason: CandidateReason,
  reviewer: OptionalNullable(Reviewer),
});
export type RejectMemoryCandidateRequest = Static<typeof RejectMemoryCandidateRequest>;

/** A complete replacement of the proposal, stored as version `expected_version` + 1 and still pending. */
export const ReviseMemoryCandidateRequest = WireObject("ReviseMemoryCandidateRequest", {
  ...CANDIDATE_WRITE,
  proposal: MemoryProposal,
  reason: OptionalNullable(CandidateReason),
});
export type ReviseMemoryCandidateRequest = Static<typeof ReviseMemoryCandidateRequest>;
