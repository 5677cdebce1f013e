// A projected message's memoized measures: the token estimate, needed for every message of every request, and the
// digest, needed only where two requests hold different measures at the same position (or for the status), so it is
// computed then, not for every message of a cold request.
import { messageTokens, sha256Hex } from "./digest.ts";
import type { Message } from "./types.ts";

/**
 * One message's measures. The caller memoizes them per entry id and revision, or per fold id and brief, and hands out
 * the same object while the bytes are the same: a shared object means the same bytes, with no hashing.
 */
export interface MessageMeasure {
  readonly tokens: number;
  /** 12 hex of the SHA-256 of the message's JSON; null until first needed. */
  digest: string | null;
}

/** The token estimate now; the digest waits until `digestOf`. */
export function measureMessage(message: Message): MessageMeasure {
  return { tokens: messageTokens(message), digest: null };
}

/** The measure's digest, computed from `message` (the bytes the measure describes) on first need. */
export function digestOf(measure: MessageMeasure, message: Message): string {
  measure.digest ??= sha256Hex(JSON.stringify(message)).slice(0, 12);
  return measure.digest;
}
