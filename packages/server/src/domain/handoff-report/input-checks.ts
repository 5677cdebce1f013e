// The checks a Handoff Report request passes beyond its schema: upstream's schema gives only lengths, while its
// catalog refuses blank or padded names, unknown time zones, unreadable instants and repository references that
// carry credentials or climb out of the checkout. Each refusal is 422 invalid_request naming the field.
import type { HandoffReportRepositoryRef } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";

export function invalidField(field: string, problem: string): PowerContextError {
  return new PowerContextError("invalid_request", `${field} ${problem}.`, {
    details: { errors: [{ loc: ["body", ...field.split(".")], msg: problem }] },
  });
}

/** Names, titles, keys and labels: some non-whitespace text, without leading or trailing whitespace. */
export function requireTrimmed(field: string, value: string | null | undefined): void {
  if (value === null || value === undefined) return;
  if (value.trim() === "" || value.trim() !== value)
    throw invalidField(field, "must be non-blank text without leading or trailing whitespace");
}

/** An IANA time zone name the runtime knows, such as `UTC` or `Asia/Shanghai`. */
export function requireTimeZone(field: string, value: string): void {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
  } catch {
    throw invalidField(field, "must be an IANA time zone name such as UTC or Europe/Berlin");
  }
}

/**
 * A date-time as one normalized UTC instant (`toISOString()`), so that stored instants compare as text. A value the
 * schema admits but the clock cannot place (a leap second) is refused.
 */
export function normalizeInstant(field: string, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalidField(field, "must be a date-time this Server can place in time");
  return new Date(time).toISOString();
}

export function normalizeOptionalInstant(field: string, value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : normalizeInstant(field, value);
}

/** A remote without user-info (no credentials are stored) and a relative subpath that stays inside the checkout. */
export function checkRepositoryRef(field: string, ref: HandoffReportRepositoryRef): void {
  if (ref.normalized_remote !== null && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(ref.normalized_remote))
    throw invalidField(`${field}.normalized_remote`, "must not carry credentials");
  if (ref.subpath !== null) {
    const parts = ref.subpath.replaceAll("\\", "/").split("/");
    if (ref.subpath.startsWith("/") || ref.subpath.startsWith("\\") || /^[a-z]:/i.test(ref.subpath))
      throw invalidField(`${field}.subpath`, "must be relative to the checkout");
    if (parts.includes("..")) throw invalidField(`${field}.subpath`, "must not climb out of the checkout");
  }
}
