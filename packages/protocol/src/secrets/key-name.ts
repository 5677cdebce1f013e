// Decides from a key or header name whether the value beside it is a credential.
import { KEY_NOT_SECRET, NOT_A_VALUE } from "./key-words.ts";

/**
 * `password`: any literal is a secret. `token`: a literal of 8+ characters that is not a plain word is a secret.
 * `key`: only random-looking values are secrets (`signing_key`, `KEY`). `authorization`: an HTTP Authorization value.
 */
export type KeyKind = "password" | "token" | "key" | "authorization";

const PASSWORD_SEGMENTS = new Set(["password", "passwd", "pwd", "pass", "passphrase", "passcode", "secret"]);
const TOKEN_SEGMENTS = new Set([
  "token",
  "pat",
  "apikey",
  "accesskey",
  "privatekey",
  "secretkey",
  "auth",
  "credential",
  "credentials",
  "creds",
  "cred",
]);
/** Words that make `…_key` a credential: `ADMIN_KEY`, `ROUTING_KEY`, `WRITEKEY`, `DEPLOY_KEY`. */
const KEY_QUALIFIERS = new Set([
  "api",
  "access",
  "private",
  "secret",
  "admin",
  "master",
  "routing",
  "write",
  "ingest",
  "license",
  "licence",
  "server",
  "sdk",
  "app",
  "integration",
  "service",
  "client",
  "consumer",
  "account",
  "deploy",
  "management",
  "subscription",
  "webhook",
  "shared",
  "hmac",
  "auth",
  "signing",
  "encryption",
  "root",
  "storage",
  "project",
]);
const PASSWORD_SUFFIXES = ["password", "passwd", "secret"];
const TOKEN_SUFFIXES = ["token", "apikey", "secretkey", "accesskey"];

/** Splits `dbPassword`, `DB_PASSWORD`, `x-api-key`, `APIKey` into lowercase words. */
export function splitKeyName(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The kind of credential a key names, or null when it names none (or names metadata such as `token_count`). */
export function classifyKeyName(name: string): KeyKind | null {
  const words = splitKeyName(name);
  if (words.length === 0 || words.length > 8) return null;
  // `ClearTextPassword`, `plaintext_password`: "text" describes the password, it does not name a label.
  const stems = words
    .map((word) => word.replace(/[0-9]+$/, ""))
    .filter((word, index) => !(word === "text" && (words[index - 1] === "clear" || words[index - 1] === "plain")));
  if (stems.some((word) => NOT_A_VALUE.has(word) || (word.endsWith("s") && NOT_A_VALUE.has(word.slice(0, -1)))))
    return null;
  let kind: KeyKind | null = null;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? "";
    if (word === "authorization" || word === "authorisation") {
      if (index === words.length - 1) return "authorization";
      kind = "token";
      continue;
    }
    if (PASSWORD_SEGMENTS.has(word) || PASSWORD_SUFFIXES.some((suffix) => word.endsWith(suffix))) return "password";
    const compoundKey = word.length > 3 && word.endsWith("key") && KEY_QUALIFIERS.has(word.slice(0, -3));
    if (TOKEN_SEGMENTS.has(word) || compoundKey || TOKEN_SUFFIXES.some((suffix) => word.endsWith(suffix)))
      kind = "token";
    else if (word === "key") {
      const before = words[index - 1];
      if (before !== undefined && KEY_QUALIFIERS.has(before)) kind = "token";
      else if (kind === null && !words.some((other) => KEY_NOT_SECRET.has(other))) kind = "key";
    }
  }
  return kind;
}
