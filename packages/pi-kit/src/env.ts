// Reading a Pi package's environment variables through a TypeBox schema: the schema names every variable the package
// reads, with its type, default, range and meaning, and TypeBox checks each value against it. Every package accepts
// the same words for a switch, so a value that works for one works for all: true is 1, true, yes or on; false is 0,
// false, no or off (any case, surrounding blanks ignored). An unset or blank variable takes its default. These are
// all the words any package accepted before they shared this reader, so no existing configuration changes meaning.
//
// The packages build their schemas with the `typebox` Pi hands its extensions, and this module checks them with the
// `typebox/value` of that same copy (Pi maps both specifiers), so schema and checker always agree.
import type { Static, TObject, TSchema } from "typebox";
import { Value } from "typebox/value";

export type Environment = Readonly<Record<string, string | undefined>>;

export const TRUE_WORDS: readonly string[] = ["1", "true", "yes", "on"];
export const FALSE_WORDS: readonly string[] = ["0", "false", "no", "off"];

/** The JSON Schema keywords of a variable's schema that reading looks at; `refusal` is ours (see readEnvironment). */
interface VariableSchema {
  type?: unknown;
  default?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  anyOf?: readonly { const?: unknown }[];
  refusal?: unknown;
}

/**
 * Reads every variable `schema` declares from `env`: a `Type.Boolean` in the shared switch words, a `Type.Integer` as
 * a decimal integer, anything else as its trimmed text; an unset or blank variable is its schema's `default` (absent
 * without one). A value its schema refuses throws `refuse(message)`, the message naming the variable and never
 * repeating its value (which may hold a credential): the schema's own `refusal` sentence when it has one, else one
 * made from its range or its choices.
 */
export function readEnvironment<Schema extends TObject>(
  schema: Schema,
  env: Environment,
  refuse: (message: string) => Error,
): Static<Schema> {
  const values: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const variable = property as VariableSchema;
    const text = env[name]?.trim();
    const value = text ? fromText(name, variable, text, refuse) : variable.default;
    if (value === undefined) continue;
    if (!Value.Check(property, value)) throw refuse(`${name} ${refusalOf(variable)}`);
    values[name] = value;
  }
  return values as Static<Schema>;
}

function fromText(name: string, variable: VariableSchema, text: string, refuse: (message: string) => Error): unknown {
  if (variable.type === "boolean") {
    const word = text.toLowerCase();
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    throw refuse(`${name} must be true or false.`);
  }
  if (variable.type === "integer") {
    if (!/^-?\d+$/.test(text)) throw refuse(`${name} must be an integer.`);
    return Number(text);
  }
  return text;
}

function refusalOf(variable: VariableSchema): string {
  if (typeof variable.refusal === "string") return variable.refusal;
  if (typeof variable.minimum === "number" && typeof variable.maximum === "number")
    return `must be between ${variable.minimum} and ${variable.maximum}.`;
  const choices = (variable.anyOf ?? []).map((choice) => String(choice.const));
  if (choices.length > 1) return `must be ${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}.`;
  return "is not valid.";
}
