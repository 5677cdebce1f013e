// Shared wire value schemas (api-v1.md §3) and the builders every schema file uses.
// Every schema here is plain draft-07 JSON Schema: Ajv validates requests with it and the OpenAPI document embeds it.
import { Type, type Static, type TSchema, type TString, type TEnum, type TNull, type TUnion } from "typebox";

/** At least one non-whitespace character. Matched with the `u` flag by Ajv and TypeBox alike. */
export const NON_BLANK_PATTERN = "\\S";
/** No leading or trailing whitespace, and non-blank. Linear: the backtracking is bounded by the trailing run. */
export const TRIMMED_PATTERN = "^\\S(?:[\\s\\S]*\\S)?$";
/** 1–128 printable ASCII characters, no space (U+0021–U+007E). */
export const IDENTIFIER_PATTERN = "^[\\x21-\\x7E]{1,128}$";

/** A string of `minLength`–`maxLength` code points with at least one non-whitespace character. */
export function NonBlankString(maxLength: number, options: { title?: string; description?: string } = {}): TString {
  return Type.String({ ...options, minLength: 1, maxLength, pattern: NON_BLANK_PATTERN });
}

/** A non-blank string of 1–`maxLength` code points without leading or trailing whitespace. */
export function TrimmedString(maxLength: number, options: { title?: string; description?: string } = {}): TString {
  return Type.String({ ...options, minLength: 1, maxLength, pattern: TRIMMED_PATTERN });
}

/** `{"type":"string","enum":[…]}`: exact, case-sensitive string values. */
export function StringEnum<const Values extends string[]>(
  values: readonly [...Values],
  options: { title?: string; description?: string; default?: Values[number] } = {},
): TEnum<Values> {
  return Type.Enum(values, { ...options, type: "string" });
}

/** The schema or JSON null (`anyOf`). Wrap in `Type.Optional` for an "optional and nullable" request field. */
export function Nullable<Schema extends TSchema>(schema: Schema): TUnion<[Schema, TNull]> {
  return Type.Union([schema, Type.Null()]);
}

/** Opaque, case-sensitive, never trimmed. */
export const ScopeId = NonBlankString(256, { title: "ScopeId" });
export type ScopeId = Static<typeof ScopeId>;

export const Identifier = Type.String({
  title: "Identifier",
  minLength: 1,
  maxLength: 128,
  pattern: IDENTIFIER_PATTERN,
});
export type Identifier = Static<typeof Identifier>;

/** Counts and cursors: integers ≥ 0. */
export const Count = Type.Integer({ minimum: 0 });
export type Count = Static<typeof Count>;

/** RFC 3339 with an offset; we emit UTC with `Z`. */
export const DateTime = Type.String({ format: "date-time" });
export type DateTime = Static<typeof DateTime>;

/** `YYYY-MM-DD` in UTC. */
export const DateString = Type.String({ format: "date" });
export type DateString = Static<typeof DateString>;

export const ArtifactReference = Type.Object(
  {
    family: Identifier,
    artifact_id: Identifier,
    revision: Type.Integer({ minimum: 1 }),
  },
  { title: "ArtifactReference", additionalProperties: false },
);
export type ArtifactReference = Static<typeof ArtifactReference>;

/** `name` is the Source type, always "content" in v1. The transport sets no length limit on `source_id`. */
export const SourceReference = Type.Object(
  {
    name: Type.Literal("content"),
    source_id: Type.String(),
  },
  { title: "SourceReference", additionalProperties: false },
);
export type SourceReference = Static<typeof SourceReference>;

/** Names one exact entry version as seen in one Memory revision; clients echo it back verbatim. */
export const MemoryCitation = Type.Object(
  {
    memory_ref: ArtifactReference,
    entry_id: Identifier,
    entry_version_id: Identifier,
  },
  { title: "MemoryCitation", additionalProperties: false },
);
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
export const MemoryEntry = Type.Object(
  {
    citation: MemoryCitation,
    version: Type.Integer({ minimum: 1 }),
    kind: MemoryKind,
    text: MemoryText,
    state: EntryState,
    source_refs: Type.Array(SourceReference),
    artifact_refs: Type.Array(ArtifactReference),
  },
  { title: "MemoryEntry", additionalProperties: false },
);
export type MemoryEntry = Static<typeof MemoryEntry>;

export const EntryChangeOp = StringEnum(["add", "revise", "deactivate", "reactivate"], { title: "EntryChangeOp" });
export type EntryChangeOp = Static<typeof EntryChangeOp>;

/** from → to per op: add null → new; revise old → new; deactivate current → null; reactivate null → current. */
export const EntryChange = Type.Object(
  {
    op: EntryChangeOp,
    entry_id: Identifier,
    from_entry_version_id: Nullable(Identifier),
    to_entry_version_id: Nullable(Identifier),
    reason: Nullable(MemoryReason),
  },
  { title: "EntryChange", additionalProperties: false },
);
export type EntryChange = Static<typeof EntryChange>;

/** A requested search mode; `auto` is hybrid when vectors are complete for the head, else fts. */
export const SearchMode = StringEnum(["auto", "fts", "vector", "hybrid"], { title: "SearchMode" });
export type SearchMode = Static<typeof SearchMode>;

/** The mode a search actually used. */
export const ResolvedSearchMode = StringEnum(["fts", "vector", "hybrid"], { title: "ResolvedSearchMode" });
export type ResolvedSearchMode = Static<typeof ResolvedSearchMode>;

export const SearchChannel = StringEnum(["fts", "vector"], { title: "SearchChannel" });
export type SearchChannel = Static<typeof SearchChannel>;

/** `score` is in [0, 1], higher is better; only the order means anything. `matched_by` is in the order fts, vector. */
export const SearchMemoryHit = Type.Object(
  {
    citation: MemoryCitation,
    text: MemoryText,
    score: Type.Number({ minimum: 0, maximum: 1 }),
    matched_by: Type.Array(SearchChannel, { uniqueItems: true, maxItems: 2 }),
  },
  { title: "SearchMemoryHit", additionalProperties: false },
);
export type SearchMemoryHit = Static<typeof SearchMemoryHit>;
