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

/** Redacts every string in a JSON value (keys included); returns the copy and how many secrets were replaced. */
export function redactJson<T extends JsonValue | JsonObject>(value: T): { value: T; redactions: number } {
  let redactions = 0;
  const visit = (node: JsonValue): JsonValue => {
    if (typeof node === "string") {
      const result = redactSecrets(node);
      redactions += result.redactions;
      return result.text;
    }
    if (Array.isArray(node)) return node.map(visit);
    if (node !== null && typeof node === "object") {
      const copy: { [key: string]: JsonValue } = {};
      for (const [key, inner] of Object.entries(node)) copy[visit(key) as string] = visit(inner);
      return copy;
    }
    return node;
  };
  const copy = visit(value as JsonValue) as T;
  return { value: copy, redactions };
}
