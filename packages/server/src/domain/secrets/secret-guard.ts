// The Server's use of the shared secret detector: redact what is captured, refuse explicit writes that carry a
// secret, and scrub anything about to leave. Findings name a family and a span, never the secret itself.
import { findSecretInValue, redactSecrets } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { JsonObject } from "../../store/types.ts";
import type { JsonValue } from "@powercontext/protocol";

/** Throws 422 `secret_rejected` when any string (key or value) inside `value` carries a secret. */
export function rejectSecrets(value: unknown): void {
  const finding = findSecretInValue(value);
  if (finding) {
    throw new PowerContextError("secret_rejected", "The request contains a secret; nothing was stored.", {
      details: { family: finding.family },
    });
  }
}

/** Text with every secret replaced by `[REDACTED:<family>]`. */
export function scrubText(text: string): string {
  return redactSecrets(text).text;
}

/**
 * Redacts every string of a parsed JSON object, keys included, and counts the secrets it replaced. The object came
 * from JSON.parse, so everything in it is JSON; its schema can only say "any object".
 */
export function redactJsonObject(value: object): { value: JsonObject; redactions: number } {
  let redactions = 0;
  const text = (node: string): string => {
    const result = redactSecrets(node);
    redactions += result.redactions;
    return result.text;
  };
  const object = (node: object): JsonObject => {
    const copy: JsonObject = {};
    for (const [key, inner] of Object.entries(node)) copy[text(key)] = json(inner);
    return copy;
  };
  const json = (node: unknown): JsonValue => {
    if (typeof node === "string") return text(node);
    if (Array.isArray(node)) return node.map(json);
    if (node !== null && typeof node === "object") return object(node);
    return typeof node === "number" || typeof node === "boolean" ? node : null;
  };
  return { value: object(value), redactions };
}
