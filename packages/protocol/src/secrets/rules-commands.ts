// Provider formats hidden by one more encoding or glued to another value: a JWT encoded again in base64, and a
// Firebase Cloud Messaging server key (`AAAA…:APA91b…`). Each is recognised by its structure.
import { B, rule } from "./rule-builder.ts";
import type { TokenRule } from "./types.ts";

function decodesToJwt(secret: string): boolean {
  return /^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\./.test(Buffer.from(secret.slice(0, 400), "base64").toString("latin1"));
}

export const COMMAND_RULES: readonly TokenRule[] = [
  rule("jwt", ["ZXlK"], String.raw`${B}ZXlK[A-Za-z0-9+/]{60,8192}={0,2}(?![A-Za-z0-9+/=])`, { validate: decodesToJwt }),
  rule("firebase-server-key", ["APA91b"], String.raw`${B}AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,180}`, {
    back: 12,
    masks: false,
  }),
];
