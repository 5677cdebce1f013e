// The Server's use of the shared secret detector: redact what is captured, refuse explicit writes that carry a
// secret, and scrub anything about to leave. Findings name a family and a span, never the secret itself.
import { findSecretInValue, redactSecrets, redactSecretsInValue } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";
import type { JsonObject } from "../../store/types.ts";

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
 * Redacts every string of a parsed JSON object, keys included, and whole values under credential-named keys, and
 * counts the secrets it replaced. The object came from JSON.parse, so everything in it is JSON; its schema can only
 * say "any object".
 */
export function redactJsonObject(value: object): { value: JsonObject; redactions: number } {
  return redactSecretsInValue(value);
}
