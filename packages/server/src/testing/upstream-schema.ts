// Checks a response body against upstream's published contract (../shared/design/upstream-openapi.yaml, outside the
// repository and never copied into it): the named component schema, compiled by Ajv after OpenAPI 3.0's `nullable`
// beside a `$ref` is rewritten as `anyOf [ref, null]`. Returns null when the document is not on this machine, so the
// tests that use it say they skipped it. Test support only: `yaml` and `ajv` come with Fastify's own dependencies.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { parse } from "yaml";

const DOCUMENT = fileURLToPath(new URL("../../../../../shared/design/upstream-openapi.yaml", import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function rewrite(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== "object") return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === "$ref" && typeof value === "string" ? value.replace("#/components/schemas/", "#/$defs/") : rewrite(value);
  }
  if (typeof out.$ref === "string" && out.nullable === true) {
    const { $ref, nullable: _nullable, ...rest } = out;
    return { ...rest, anyOf: [{ $ref }, { type: "null" }] };
  }
  if (out.nullable === true && typeof out.type === "string") {
    const { nullable: _nullable, type, ...rest } = out;
    return { ...rest, type: [type, "null"] };
  }
  return out;
}

export type UpstreamCheck = (schemaName: string, body: unknown) => string | null;

/** A checker of bodies against upstream's component schemas (an error text, or null when valid), or null. */
export function upstreamChecker(): UpstreamCheck | null {
  if (!existsSync(DOCUMENT)) return null;
  const document = parse(readFileSync(DOCUMENT, "utf8")) as { components: { schemas: Record<string, Json> } };
  const defs = rewrite(document.components.schemas as Json) as { [key: string]: Json };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schemaName, body) => {
    const validate = compiled.get(schemaName) ?? ajv.compile({ $defs: defs, $ref: `#/$defs/${schemaName}` });
    compiled.set(schemaName, validate);
    return validate(body) ? null : ajv.errorsText(validate.errors);
  };
}
