// Shared wire value schemas (api-v1.md §3) and the builders every schema file uses.
// Every schema here is plain draft-07 JSON Schema: Ajv validates requests with it and the OpenAPI document embeds it.
import {
  Type,
  type Static,
  type TEnum,
  type TNull,
  type TOptional,
  type TObject,
  type TProperties,
  type TSchema,
  type TString,
  type TUnion,
} from "typebox";

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

/** The schema or JSON null (`anyOf`). */
export function Nullable<Schema extends TSchema>(schema: Schema): TUnion<[Schema, TNull]> {
  return Type.Union([schema, Type.Null()]);
}

/** A request field that may be omitted or null, both meaning the same: not given. */
export function OptionalNullable<Schema extends TSchema>(schema: Schema): TOptional<TUnion<[Schema, TNull]>> {
  return Type.Optional(Nullable(schema));
}

/** 1–128 printable ASCII characters, no space: ids, and names such as a reviewer's. */
export function PrintableIdentifier(title: string): TString {
  return Type.String({ title, minLength: 1, maxLength: 128, pattern: IDENTIFIER_PATTERN });
}

/** Every object of the contract is closed: a key it does not declare is rejected, never ignored. */
const CLOSED = { additionalProperties: false } as const;

/** A closed object without a name of its own, such as a row nested in a named one. */
export function ClosedObject<Properties extends TProperties>(properties: Properties): TObject<Properties> {
  return Type.Object(properties, CLOSED);
}

/** A closed object named `title`, the name it carries in the OpenAPI document (the same as its export's, usually). */
export function WireObject<Properties extends TProperties>(title: string, properties: Properties): TObject<Properties> {
  return Type.Object(properties, { title, ...CLOSED });
}

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
