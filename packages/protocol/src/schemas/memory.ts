// Memory operations (api-v1.md §7): flush, remember, search, entries list/get/revise/retire, changes.
// Every mutation answers `{memory, entry}`; reads on a scope without Memory answer `memory: null`.
import { Type, type Static } from "typebox";
import { NonBlankString, Nullable, OptionalNullable, StringEnum, WireObject } from "./builders.ts";
import {
  ArtifactReference,
  Count,
  EntryChange,
  MemoryCitation,
  MemoryEntry,
  MemoryKind,
  MemoryReason,
  MemoryText,
  Ordinal,
  ResolvedSearchMode,
  ScopeId,
  SEARCH_MODES,
  SearchMemoryHit,
} from "./common.ts";

/** The head a read saw; null for a scope without Memory. */
const MemoryHead = Nullable(ArtifactReference);
/** Why an entry changes; omitted or null when no reason is given. */
const ChangeReason = OptionalNullable(MemoryReason);
/** The entry version a request addresses, cited in the revision the client saw. */
const ENTRY_TARGET = { scope_id: ScopeId, citation: MemoryCitation };
/** What remember and revise write: the entry's kind and text, and why. */
const ENTRY_CONTENT = { kind: MemoryKind, text: MemoryText, reason: ChangeReason };

export const FlushMemoryRequest = WireObject("FlushMemoryRequest", { scope_id: ScopeId });
export type FlushMemoryRequest = Static<typeof FlushMemoryRequest>;

/** `processed` iff `current_cursor` > `previous_cursor`. `memory` is the resulting head, null when idle or none. */
export const FlushMemoryResponse = WireObject("FlushMemoryResponse", {
  status: StringEnum(["processed", "idle"]),
  previous_cursor: Count,
  current_cursor: Count,
  high_watermark: Count,
  processed_source_count: Count,
  memory: Nullable(ArtifactReference),
});
export type FlushMemoryResponse = Static<typeof FlushMemoryResponse>;

/** `expected_revision` is an optional CAS on the head; null means the same as omitting it. */
export const RememberRequest = WireObject("RememberRequest", {
  scope_id: ScopeId,
  ...ENTRY_CONTENT,
  expected_revision: OptionalNullable(Ordinal),
});
export type RememberRequest = Static<typeof RememberRequest>;

/**
 * The answer of remember, revise and retire: the head after the call and the affected entry, cited at that head.
 * `entry` is null when remember found an identical active entry and wrote nothing.
 */
export const MemoryMutationResponse = WireObject("MemoryMutationResponse", {
  memory: ArtifactReference,
  entry: Nullable(MemoryEntry),
});
export type MemoryMutationResponse = Static<typeof MemoryMutationResponse>;

/** `query` accepts up to 200,000 code points, not the contract's 8,192 (as prepare does), and must be non-blank. */
export const SearchMemoryRequest = WireObject("SearchMemoryRequest", {
  scope_id: ScopeId,
  query: NonBlankString(200_000),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  mode: Type.Optional(StringEnum(SEARCH_MODES, { default: "auto" })),
});
export type SearchMemoryRequest = Static<typeof SearchMemoryRequest>;

/** Hits are active entries of the head, best first. Without Memory: `{"memory":null,"mode":null,"hits":[]}`. */
export const SearchMemoryResponse = WireObject("SearchMemoryResponse", {
  memory: MemoryHead,
  mode: Nullable(ResolvedSearchMode),
  hits: Type.Array(SearchMemoryHit, { maxItems: 50 }),
});
export type SearchMemoryResponse = Static<typeof SearchMemoryResponse>;

export const ListMemoryEntriesRequest = WireObject("ListMemoryEntriesRequest", {
  scope_id: ScopeId,
  include_inactive: Type.Optional(Type.Boolean({ default: false })),
});
export type ListMemoryEntriesRequest = Static<typeof ListMemoryEntriesRequest>;

/** The head's entries, each cited at the head. Clients must not rely on the order. */
export const ListMemoryEntriesResponse = WireObject("ListMemoryEntriesResponse", {
  memory: MemoryHead,
  entries: Type.Array(MemoryEntry),
});
export type ListMemoryEntriesResponse = Static<typeof ListMemoryEntriesResponse>;

/** The citation may name any historical revision; the answer is a MemoryEntry in that revision. */
export const GetMemoryEntryRequest = WireObject("GetMemoryEntryRequest", ENTRY_TARGET);
export type GetMemoryEntryRequest = Static<typeof GetMemoryEntryRequest>;

/** The citation must name the current head. */
export const ReviseMemoryEntryRequest = WireObject("ReviseMemoryEntryRequest", {
  ...ENTRY_TARGET,
  ...ENTRY_CONTENT,
});
export type ReviseMemoryEntryRequest = Static<typeof ReviseMemoryEntryRequest>;

/** The citation must name the current head. Retiring an inactive entry is a no-op. */
export const RetireMemoryEntryRequest = WireObject("RetireMemoryEntryRequest", {
  ...ENTRY_TARGET,
  reason: ChangeReason,
});
export type RetireMemoryEntryRequest = Static<typeof RetireMemoryEntryRequest>;

/**
 * `since_revision` is an exclusive lower bound: omitted or null gives only the head's changes, 0 the full history,
 * a value above the head 422.
 */
export const ListMemoryChangesRequest = WireObject("ListMemoryChangesRequest", {
  scope_id: ScopeId,
  since_revision: OptionalNullable(Count),
});
export type ListMemoryChangesRequest = Static<typeof ListMemoryChangesRequest>;

/** One revision's changes, ordered by `entry_id` bytes. */
export const MemoryRevisionChanges = WireObject("MemoryRevisionChanges", {
  memory_ref: ArtifactReference,
  changes: Type.Array(EntryChange),
});
export type MemoryRevisionChanges = Static<typeof MemoryRevisionChanges>;

/** Revisions in ascending order. Without Memory: `{"memory":null,"revisions":[]}`. */
export const ListMemoryChangesResponse = WireObject("ListMemoryChangesResponse", {
  memory: MemoryHead,
  revisions: Type.Array(MemoryRevisionChanges),
});
export type ListMemoryChangesResponse = Static<typeof ListMemoryChangesResponse>;
