// Memory operations (api-v1.md §7): flush, remember, search, entries list/get/revise/retire, changes.
// Every mutation answers `{memory, entry}`; reads on a scope without Memory answer `memory: null`.
import { Type, type Static } from "typebox";
import {
  ArtifactReference,
  Count,
  EntryChange,
  MemoryCitation,
  MemoryEntry,
  MemoryKind,
  MemoryReason,
  MemoryText,
  NonBlankString,
  Nullable,
  ResolvedSearchMode,
  ScopeId,
  SearchMemoryHit,
  StringEnum,
} from "./common.ts";

export const FlushMemoryRequest = Type.Object(
  { scope_id: ScopeId },
  { title: "FlushMemoryRequest", additionalProperties: false },
);
export type FlushMemoryRequest = Static<typeof FlushMemoryRequest>;

/** `processed` iff `current_cursor` > `previous_cursor`. `memory` is the resulting head, null when idle or none. */
export const FlushMemoryResponse = Type.Object(
  {
    status: StringEnum(["processed", "idle"]),
    previous_cursor: Count,
    current_cursor: Count,
    high_watermark: Count,
    processed_source_count: Count,
    memory: Nullable(ArtifactReference),
  },
  { title: "FlushMemoryResponse", additionalProperties: false },
);
export type FlushMemoryResponse = Static<typeof FlushMemoryResponse>;

/** `expected_revision` is an optional CAS on the head; null means the same as omitting it. */
export const RememberRequest = Type.Object(
  {
    scope_id: ScopeId,
    kind: MemoryKind,
    text: MemoryText,
    reason: Type.Optional(Nullable(MemoryReason)),
    expected_revision: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  },
  { title: "RememberRequest", additionalProperties: false },
);
export type RememberRequest = Static<typeof RememberRequest>;

/**
 * The answer of remember, revise and retire: the head after the call and the affected entry, cited at that head.
 * `entry` is null when remember found an identical active entry and wrote nothing.
 */
export const MemoryMutationResponse = Type.Object(
  { memory: ArtifactReference, entry: Nullable(MemoryEntry) },
  { title: "MemoryMutationResponse", additionalProperties: false },
);
export type MemoryMutationResponse = Static<typeof MemoryMutationResponse>;

/** `query` accepts up to 200,000 code points, not the contract's 8,192 (as prepare does), and must be non-blank. */
export const SearchMemoryRequest = Type.Object(
  {
    scope_id: ScopeId,
    query: NonBlankString(200_000),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    mode: Type.Optional(StringEnum(["auto", "fts", "vector", "hybrid"], { default: "auto" })),
  },
  { title: "SearchMemoryRequest", additionalProperties: false },
);
export type SearchMemoryRequest = Static<typeof SearchMemoryRequest>;

/** Hits are active entries of the head, best first. Without Memory: `{"memory":null,"mode":null,"hits":[]}`. */
export const SearchMemoryResponse = Type.Object(
  {
    memory: Nullable(ArtifactReference),
    mode: Nullable(ResolvedSearchMode),
    hits: Type.Array(SearchMemoryHit, { maxItems: 50 }),
  },
  { title: "SearchMemoryResponse", additionalProperties: false },
);
export type SearchMemoryResponse = Static<typeof SearchMemoryResponse>;

export const ListMemoryEntriesRequest = Type.Object(
  {
    scope_id: ScopeId,
    include_inactive: Type.Optional(Type.Boolean({ default: false })),
  },
  { title: "ListMemoryEntriesRequest", additionalProperties: false },
);
export type ListMemoryEntriesRequest = Static<typeof ListMemoryEntriesRequest>;

/** The head's entries, each cited at the head. Clients must not rely on the order. */
export const ListMemoryEntriesResponse = Type.Object(
  { memory: Nullable(ArtifactReference), entries: Type.Array(MemoryEntry) },
  { title: "ListMemoryEntriesResponse", additionalProperties: false },
);
export type ListMemoryEntriesResponse = Static<typeof ListMemoryEntriesResponse>;

/** The citation may name any historical revision; the answer is a MemoryEntry in that revision. */
export const GetMemoryEntryRequest = Type.Object(
  { scope_id: ScopeId, citation: MemoryCitation },
  { title: "GetMemoryEntryRequest", additionalProperties: false },
);
export type GetMemoryEntryRequest = Static<typeof GetMemoryEntryRequest>;

/** The citation must name the current head. */
export const ReviseMemoryEntryRequest = Type.Object(
  {
    scope_id: ScopeId,
    citation: MemoryCitation,
    kind: MemoryKind,
    text: MemoryText,
    reason: Type.Optional(Nullable(MemoryReason)),
  },
  { title: "ReviseMemoryEntryRequest", additionalProperties: false },
);
export type ReviseMemoryEntryRequest = Static<typeof ReviseMemoryEntryRequest>;

/** The citation must name the current head. Retiring an inactive entry is a no-op. */
export const RetireMemoryEntryRequest = Type.Object(
  {
    scope_id: ScopeId,
    citation: MemoryCitation,
    reason: Type.Optional(Nullable(MemoryReason)),
  },
  { title: "RetireMemoryEntryRequest", additionalProperties: false },
);
export type RetireMemoryEntryRequest = Static<typeof RetireMemoryEntryRequest>;

/**
 * `since_revision` is an exclusive lower bound: omitted or null gives only the head's changes, 0 the full history,
 * a value above the head 422.
 */
export const ListMemoryChangesRequest = Type.Object(
  {
    scope_id: ScopeId,
    since_revision: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  },
  { title: "ListMemoryChangesRequest", additionalProperties: false },
);
export type ListMemoryChangesRequest = Static<typeof ListMemoryChangesRequest>;

/** One revision's changes, ordered by `entry_id` bytes. */
export const MemoryRevisionChanges = Type.Object(
  { memory_ref: ArtifactReference, changes: Type.Array(EntryChange) },
  { title: "MemoryRevisionChanges", additionalProperties: false },
);
export type MemoryRevisionChanges = Static<typeof MemoryRevisionChanges>;

/** Revisions in ascending order. Without Memory: `{"memory":null,"revisions":[]}`. */
export const ListMemoryChangesResponse = Type.Object(
  { memory: Nullable(ArtifactReference), revisions: Type.Array(MemoryRevisionChanges) },
  { title: "ListMemoryChangesResponse", additionalProperties: false },
);
export type ListMemoryChangesResponse = Static<typeof ListMemoryChangesResponse>;
