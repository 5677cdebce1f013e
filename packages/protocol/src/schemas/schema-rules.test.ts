// Rules every wire schema keeps: it compiles, it is plain draft-07 JSON Schema, its objects are closed, its answers
// list every property as required, and every error status answers the envelope.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { IsSchema } from "typebox";
import { Compile } from "typebox/compile";
import { OPERATIONS } from "../operations.ts";
import { ErrorEnvelope } from "./error.ts";
import * as Schemas from "./index.ts";

/** Draft-07 keywords we allow ourselves; anything else would trip Ajv's strict mode or an OpenAPI consumer. */
const DRAFT_07_KEYWORDS = new Set([
  "type",
  "title",
  "description",
  "default",
  "const",
  "enum",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "anyOf",
]);
const OPEN_OBJECTS = new Set(["SourceMetadata", "ErrorDetails", "ReadinessChecks", "HandoffReportModel"]);

type SchemaNode = Record<string, unknown>;

/** Visits `schema` and every subschema it contains. */
function walk(schema: SchemaNode, visit: (node: SchemaNode) => void): void {
  visit(schema);
  const children = [
    ...Object.values((schema.properties ?? {}) as Record<string, SchemaNode>),
    ...((schema.anyOf ?? []) as SchemaNode[]),
    ...(typeof schema.items === "object" ? [schema.items as SchemaNode] : []),
    ...(typeof schema.additionalProperties === "object" ? [schema.additionalProperties as SchemaNode] : []),
  ];
  for (const child of children) walk(child, visit);
}

const exportedSchemas = Object.entries(Schemas).flatMap(([name, value]) =>
  IsSchema(value) ? [[name, value] as const] : [],
);
const operationSchemas = Object.entries(OPERATIONS).flatMap(([id, operation]) => [
  ...("body" in operation ? [[`${id} body`, operation.body] as const] : []),
  ...("querystring" in operation ? [[`${id} querystring`, operation.querystring] as const] : []),
  ...Object.entries(operation.response).map(([status, schema]) => [`${id} ${status}`, schema] as const),
]);
const responseSchemas = Object.entries(OPERATIONS).flatMap(([id, operation]) =>
  Object.entries(operation.response).map(([status, schema]) => [`${id} ${status}`, schema] as const),
);

describe("wire schema rules", () => {
  it("every exported schema compiles", () => {
    assert.ok(exportedSchemas.length > 50);
    for (const [, schema] of exportedSchemas) Compile(schema);
  });

  it("every operation schema survives JSON serialization unchanged and uses only draft-07 keywords", () => {
    for (const [name, schema] of operationSchemas) {
      assert.deepEqual(JSON.parse(JSON.stringify(schema)), schema, name);
      walk(schema as SchemaNode, (node) => {
        for (const key of Object.keys(node)) assert.ok(DRAFT_07_KEYWORDS.has(key), `${name}: keyword ${key}`);
      });
    }
  });

  it("every object is closed except capture metadata, error details, readiness checks and the report model", () => {
    for (const [name, schema] of operationSchemas) {
      walk(schema as SchemaNode, (node) => {
        if (node.type !== "object") return;
        const open = OPEN_OBJECTS.has(node.title as string);
        assert.equal(node.additionalProperties === false, !open, `${name}: ${JSON.stringify(node).slice(0, 120)}`);
      });
    }
  });

  it("every response object lists all of its properties as required", () => {
    for (const [name, schema] of responseSchemas) {
      walk(schema as SchemaNode, (node) => {
        if (node.type !== "object") return;
        const keys = Object.keys((node.properties ?? {}) as object).sort();
        assert.deepEqual([...((node.required ?? []) as string[])].sort(), keys, name);
      });
    }
  });

  it("every operation answers its errors in the envelope", () => {
    for (const [id, operation] of Object.entries(OPERATIONS)) {
      for (const [status, schema] of Object.entries(operation.response)) {
        if (Number(status) >= 400 && id !== "get_readiness") assert.equal(schema, ErrorEnvelope, `${id} ${status}`);
      }
    }
  });
});
