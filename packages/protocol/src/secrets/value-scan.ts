// The secret scan of a structured value (a request body, a tool payload, capture metadata): every string in it,
// object keys included, plus the credential-named keys whose string value is the secret itself (`{"password": "…"}`).
// Both walks keep their own work list instead of recursing, so no depth of nesting can exhaust the stack.
import type { JsonValue } from "../canonical-json.ts";
import { credentialFamily } from "./assignments.ts";
import { detectSecrets, redactSecrets } from "./detect.ts";
import { classifyKeyName } from "./key-name.ts";
import type { SecretFinding } from "./types.ts";

/** The family of the secret that `value` is as a whole, being assigned to `key` (`password` → `hunter2`), or null. */
function keyedFamily(key: string, value: string): string | null {
  const kind = classifyKeyName(key);
  return kind === null ? null : credentialFamily(kind, key, value);
}

function keyedSecret(key: string, value: string): SecretFinding | null {
  const family = keyedFamily(key, value);
  return family === null ? null : { family, start: 0, end: Buffer.byteLength(value, "utf8") };
}

/**
 * The first secret in any string inside a JSON-like value (object keys included), or null. A string value under a
 * credential-named key (`{"password": "…"}`) counts as a `credential-assignment` covering the whole string.
 * Offsets are UTF-8 byte offsets into the string that holds the secret. Any depth is scanned whole; each object is
 * visited once, so cycles end.
 */
export function findSecretInValue(value: unknown): SecretFinding | null {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === "string") {
      const found = detectSecrets(node)[0];
      if (found !== undefined) return found;
      continue;
    }
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) pending.push(node[index]);
      continue;
    }
    const entries = Object.entries(node);
    for (const [key, item] of entries) {
      const found = detectSecrets(key)[0] ?? (typeof item === "string" ? keyedSecret(key, item) : null);
      if (found !== null) return found;
    }
    for (let index = entries.length - 1; index >= 0; index -= 1) pending.push(entries[index]?.[1]);
  }
  return null;
}

type JsonObject = { [key: string]: JsonValue };

/**
 * A copy of a parsed JSON object with every secret replaced by `[REDACTED:<family>]`: inside every string and key,
 * and a whole string value under a credential-named key. The same findings as `findSecretInValue`, so what the
 * Server redacts is what the client refuses.
 */
export function redactSecretsInValue(value: object): { value: JsonObject; redactions: number } {
  let redactions = 0;
  const text = (node: string): string => {
    const result = redactSecrets(node);
    redactions += result.redactions;
    return result.text;
  };
  const keyed = (key: string, node: string): string | null => {
    const family = keyedFamily(key, node);
    if (family === null) return null;
    redactions += 1;
    return `[REDACTED:${family}]`;
  };
  // Each pending item is a container still to fill from its source: objects by redacted key, arrays by index.
  const pending: Array<{ source: object; target: JsonObject | JsonValue[] }> = [];
  const copy = (node: unknown): JsonValue => {
    if (typeof node === "string") return text(node);
    if (typeof node === "number" || typeof node === "boolean") return node;
    if (node === null || typeof node !== "object") return null;
    const target: JsonObject | JsonValue[] = Array.isArray(node) ? [] : {};
    pending.push({ source: node, target });
    return target;
  };
  const root: JsonObject = {};
  pending.push({ source: value, target: root });
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { source, target } = item;
    if (Array.isArray(target)) for (const inner of source as unknown[]) target.push(copy(inner));
    else
      for (const [key, inner] of Object.entries(source))
        target[text(key)] = (typeof inner === "string" ? keyed(key, inner) : null) ?? copy(inner);
  }
  return { value: root, redactions };
}
