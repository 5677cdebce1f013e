// Integer fields are strict: a whole number spelled with a fraction or an exponent (`"limit": 29.0`,
// `"max_bytes": 1e3`) is refused with 422 like any other wrong type, as upstream refuses it. The operation's own
// request schema says which fields are integers (one source of truth); json-body-parser.ts says how each number was
// spelled. Runs after schema validation, so the body already has the schema's shape.
import type { FastifyReply, FastifyRequest } from "fastify";
import { PowerContextError } from "../errors.ts";
import { isFloatSpelled } from "./json-body-parser.ts";

interface SchemaNode {
  type?: string | string[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

function typesOf(schema: SchemaNode): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
}

/** The schema itself, or its alternatives (`Nullable(…)` is an `anyOf`). */
function branchesOf(schema: SchemaNode): SchemaNode[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  return alternatives ? alternatives.flatMap(branchesOf) : [schema];
}

/** A number here must be an integer: some branch says `integer` and none accepts any `number`. */
function onlyIntegers(branches: SchemaNode[]): boolean {
  const types = branches.flatMap(typesOf);
  return types.includes("integer") && !types.includes("number");
}

/** The path of the first float-spelled whole number at an integer-only place under `holder[key]`, or null. */
function findFloatAtInteger(schema: SchemaNode, holder: object, key: string, path: string[]): string[] | null {
  const value: unknown = (holder as Record<string, unknown>)[key];
  const branches = branchesOf(schema);
  if (typeof value === "number") return onlyIntegers(branches) && isFloatSpelled(holder, key) ? path : null;
  if (typeof value !== "object" || value === null) return null;
  for (const branch of branches) {
    if (Array.isArray(value) && branch.items) {
      for (let index = 0; index < value.length; index += 1) {
        const found = findFloatAtInteger(branch.items, value, String(index), [...path, String(index)]);
        if (found) return found;
      }
    } else if (!Array.isArray(value) && branch.properties) {
      for (const [name, property] of Object.entries(branch.properties)) {
        const found = Object.hasOwn(value, name) ? findFloatAtInteger(property, value, name, [...path, name]) : null;
        if (found) return found;
      }
    }
  }
  return null;
}

/**
 * The refusal of a body (already valid against `schema`) that sent an integer field as `29.0` or `1e3`, or null. The
 * body must be the object the JSON parser made, which carries how each number was spelled.
 */
export function floatSpelledIntegerRefusal(schema: unknown, body: unknown): PowerContextError | null {
  if (typeof schema !== "object" || schema === null || typeof body !== "object" || body === null) return null;
  const path = findFloatAtInteger(schema as SchemaNode, { body }, "body", []);
  if (path === null) return null;
  return new PowerContextError("invalid_request", "The request violates the API contract.", {
    details: {
      errors: [{ type: "type", loc: ["body", ...path], msg: "must be integer, without a fraction or exponent" }],
    },
  });
}

/** preHandler hook: refuses the request when an integer field of its body was sent as `29.0` or `1e3`. */
export async function refuseFloatSpelledIntegers(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const refusal = floatSpelledIntegerRefusal(request.routeOptions.schema?.body, request.body);
  if (refusal !== null) throw refusal;
}
