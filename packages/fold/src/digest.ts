// Content addressing: canonical bytes of messages, their SHA-256, and the token estimate every budget uses.
import { createHash } from "node:crypto";
import type { Message } from "./types.ts";

export function sha256Hex(bytes: string | Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The exact bytes a fold stores: the leaf messages as one JSON array, in session order. */
export function canonicalBytes(messages: readonly Message[]): string {
  return JSON.stringify(messages);
}

/** Tokens of a serialized message, estimated as ceil(chars / 4) (Pi's own estimate for unknown usage). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function messageTokens(message: Message): number {
  return estimateTokens(JSON.stringify(message));
}
