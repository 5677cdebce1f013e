// Normalization and limits of Memory kinds, texts and reasons (contract §3, §4).
import { codePointLength, utf8Length } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";

export const MAX_TEXT_BYTES = 8192;
export const MAX_KIND_CHARS = 128;
export const MAX_REASON_CHARS = 512;

function normalize(value: string): string {
  return value.normalize("NFC").trim();
}

export function normalizeKind(kind: string): string {
  const value = normalize(kind);
  if (value === "" || codePointLength(value) > MAX_KIND_CHARS) {
    throw new PowerContextError("invalid_request", "kind must be 1–128 characters and not blank.");
  }
  return value;
}

export function normalizeText(text: string): string {
  const value = normalize(text);
  if (value === "") throw new PowerContextError("invalid_request", "text must not be blank.");
  if (utf8Length(value) > MAX_TEXT_BYTES) {
    throw new PowerContextError("invalid_request", `text must be at most ${MAX_TEXT_BYTES} UTF-8 bytes.`);
  }
  return value;
}

/** Blank reasons become null. */
export function normalizeReason(reason: string | null | undefined): string | null {
  if (reason === null || reason === undefined) return null;
  const value = normalize(reason);
  if (value === "") return null;
  if (codePointLength(value) > MAX_REASON_CHARS) {
    throw new PowerContextError("invalid_request", `reason must be at most ${MAX_REASON_CHARS} characters.`);
  }
  return value;
}
