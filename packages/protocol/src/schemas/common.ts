// Shared wire value schemas (api-v1.md §3): the ids, counts, dates, references, citations and Memory entries that
// several resources carry.
import { Type, type Static } from "typebox";
import { NonBlankString, Nullable, PrintableIdentifier, StringEnum, WireObject } from "./builders.ts";

/** Opaque, case-sensitive, never trimmed. */
export const ScopeId = NonBlankString(256, { title: "ScopeId" });
export type ScopeId = Static<typeof ScopeId>;

export const Identifier = PrintableIdentifier("Identifier");
export type Identifier = Static<typeof Identifier>;

/** Counts and cursors: integers ≥ 0. */
export const Count = Type.Integer({ minimum: 0 });
export type Count = Static<typeof Count>;

/** Revisions, versions and journal positions: integers ≥ 1, counted from 1. */
export const Ordinal = Type.Integer({ minimum: 1 });
export type Ordinal = Static<typeof Ordinal>;

/** RFC 3339 with an offset; we emit UTC with `Z`. */
export const DateTime = Type.String({ format: "date-time" });
export type DateTime = Static<typeof DateTime>;

/** `YYYY-MM-DD` in UTC. */
export const DateString = Type.String({ format: "date" });
export type DateString = Static<typeof DateString>;

export const ArtifactReference = WireObject("ArtifactReference", {
  family: Identifier,
  artifact_id: Identifier,
  revision: Ordinal,
});
export type ArtifactReference = Static<typeof ArtifactReference>;

/** `name` is the Source type, always "content" in v1. The transport sets no length limit on `source_id`. */
export const SourceReference = WireObject("SourceReference", {
  name: Type.Literal("content"),
  source_id: Type.String(),
});
export type SourceReference = Static<typeof SourceReference>;

/** Names one exact entry version as seen in one Memory revision; clients echo it back verbatim. */
export const MemoryCitation = WireObject("MemoryCitation", {
  memory_ref: ArtifactReference,
  entry_id: Identifier,
  entry_version_id: Identifier,
});
export type MemoryCitation = Static<typeof MemoryCitation>;

/** An open kind (`decision`, `constraint`, …), stored NFC-normalized and trimmed. */
export const MemoryKind = NonBlankString(128, { title: "MemoryKind" });
export type MemoryKind = Static<typeof MemoryKind>;

/**
 * Memory text. The contract's limit is 8192 UTF-8 bytes after NFC and trim, which the domain checks; 8192 code points
 * is only a cheap first bound (every code point is at least one byte).
 */
export const MemoryText = NonBlankString(8192, { title: "MemoryText" });
export type MemoryText = Static<typeof MemoryText>;

/** A change or decision reason: ≤ 512 code points; blank means none. */
export const MemoryReason = Type.String({ title: "MemoryReason", maxLength: 512 });
export type MemoryReason = Static<typeof MemoryReason>;

export const EntryState = StringEnum(["active", "inactive"], { title: "EntryState" });
export type EntryState = Static<typeof EntryState>;

/** `state` is the entry's state in the revision its citation names. */
export const MemoryEntry = WireObject("MemoryEntry", {
  citation: MemoryCitation,
  version: Ordinal,
  kind: MemoryKind,
  text: MemoryText,
  state: EntryState,
  source_refs: Type.Array(SourceReference),
  artifact_refs: Type.Array(ArtifactReference),
});
export type MemoryEntry = Static<typeof MemoryEntry>;

export const EntryChangeOp = StringEnum(["add", "revise", "deactivate", "reactivate"], { title: "EntryChangeOp" });
export type EntryChangeOp = Static<typeof EntryChangeOp>;

/** from → to per op: add null → new; revise old → new; deactivate current → null; reactivate null → current. */
export const EntryChange = WireObject("EntryChange", {
  op: EntryChangeOp,
  entry_id: Identifier,
  from_entry_version_id: Nullable(Identifier),
  to_entry_version_id: Nullable(Identifier),
  reason: Nullable(MemoryReason),
});
export type EntryChange = Static<typeof EntryChange>;

/** A requested search mode; `auto` is hybrid when vectors are complete for the head, else fts. */
export const SEARCH_MODES = ["auto", "fts", "vector", "hybrid"] as const;
export const SearchMode = StringEnum(SEARCH_MODES, { title: "SearchMode" });
export type SearchMode = Static<typeof SearchMode>;

/** The mode a search actually used. */
export const ResolvedSearchMode = StringEnum(["fts", "vector", "hybrid"], { title: "ResolvedSearchMode" });
export type ResolvedSearchMode = Static<typeof ResolvedSearchMode>;

export const SearchChannel = StringEnum(["fts", "vector"], { title: "SearchChannel" });
export type SearchChannel = Static<typeof SearchChannel>;

/** `score` is in [0, 1], higher is better; only the order means anything. `matched_by` is in the order fts, vector. */
export const SearchMemoryHit = WireObject("SearchMemoryHit", {
  citation: MemoryCitation,
  text: MemoryText,
  score: Type.Number({ minimum: 0, maximum: 1 }),
  matched_by: Type.Array(SearchChannel, { uniqueItems: true, maxItems: 2 }),
});
export type SearchMemoryHit = Static<typeof SearchMemoryHit>;
