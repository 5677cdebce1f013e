// The builders every wire schema is made with. Each yields plain draft-07 JSON Schema: Ajv validates requests with
// it and the OpenAPI document embeds it. Every object they build is closed.
import {
  Type,
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

/** One line: no leading, trailing or line-breaking whitespace (`.` excludes line terminators under the `u` flag). */
export const SINGLE_LINE_PATTERN = "^\\S(?:.*\\S)?$";

/** A trimmed single-line string of 1–`maxLength` code points, as Skill names, descriptions and checks are. */
export function SingleLineString(maxLength: number, options: { title?: string; description?: string } = {}): TString {
  return Type.String({ ...options, minLength: 1, maxLength, pattern: SINGLE_LINE_PATTERN });
}
