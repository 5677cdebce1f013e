import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** `sha256:<64 hex>` over the canonical JSON of `value` (71 characters). */
export function contentDigest(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}

/** Byte length of `text` encoded as UTF-8. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Length in Unicode code points, the unit the contract's character limits use. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
