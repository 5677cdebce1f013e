// Decides from a key or header name whether the value beside it is a credential.

/**
 * `password`: any literal is a secret. `token`: a literal of 8+ characters that is not a plain word is a secret.
 * `key`: only random-looking values are secrets (`signing_key`, `KEY`). `authorization`: an HTTP Authorization value.
 */
export type KeyKind = "password" | "token" | "key" | "authorization";

const PASSWORD_SEGMENTS = new Set(["password", "passwd", "pwd", "pass", "passphrase", "passcode", "secret"]);
const TOKEN_SEGMENTS = new Set([
  "token",
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
const KEY_QUALIFIERS = new Set(["api", "access", "private", "secret"]);
const PASSWORD_SUFFIXES = ["password", "passwd", "secret"];
const TOKEN_SUFFIXES = ["token", "apikey", "secretkey", "accesskey"];

const NOT_A_VALUE = new Set([
  "id",
  "ids",
  "count",
  "counts",
  "limit",
  "limits",
  "max",
  "min",
  "num",
  "number",
  "length",
  "len",
  "size",
  "type",
  "types",
  "ttl",
  "expiry",
  "expires",
  "expiration",
  "expire",
  "expired",
  "timeout",
  "lifetime",
  "age",
  "url",
  "uri",
  "urls",
  "endpoint",
  "host",
  "hostname",
  "port",
  "path",
  "file",
  "filename",
  "files",
  "dir",
  "name",
  "names",
  "field",
  "fields",
  "header",
  "headers",
  "prefix",
  "suffix",
  "format",
  "regex",
  "pattern",
  "schema",
  "policy",
  "mode",
  "kind",
  "usage",
  "used",
  "budget",
  "estimate",
  "cost",
  "index",
  "required",
  "enabled",
  "enable",
  "disabled",
  "helper",
  "placeholder",
  "label",
  "hint",
  "reset",
  "forgot",
  "rotation",
  "input",
  "prompt",
  "strength",
  "validator",
  "validation",
  "version",
  "method",
  "scheme",
  "strategy",
  "flow",
  "level",
  "scope",
  "scopes",
  "audience",
  "issuer",
  "param",
  "params",
  "location",
  "ref",
  "lookup",
  "rule",
  "rules",
  "class",
  "status",
  "error",
  "errors",
  "message",
  "text",
  "title",
  "description",
  "public",
  "publishable",
  "pub",
  "fingerprint",
  "checksum",
  "hash",
  "hashed",
  "digest",
  "column",
  "table",
  "visible",
  "toggle",
  "button",
  "icon",
  "form",
  "page",
  "route",
  "component",
  "algorithm",
  "alg",
  "encoding",
  "tokens",
  "secrets",
  "keys",
  "bits",
  "bytes",
  "msg",
  "invalid",
  "missing",
  "warning",
  "warn",
  "err",
  "help",
  "tooltip",
  "doc",
  "docs",
  "note",
  "changed",
  "json",
  "yaml",
  "yml",
  "txt",
  "js",
  "ts",
  "md",
  "toml",
  "lock",
  "png",
  "svg",
  "html",
  "css",
  "plan",
  "result",
  "results",
  "attempt",
  "attempts",
  "attr",
  "attribute",
  "attributes",
  "metric",
  "metrics",
  "counter",
  "success",
  "failure",
  "arn",
]);

/** Words that make `…_key` an identifier rather than a secret (`cache_key`, `Sec-WebSocket-Key`). */
const KEY_NOT_SECRET = new Set([
  "cache",
  "sort",
  "partition",
  "primary",
  "foreign",
  "idempotency",
  "socket",
  "websocket",
  "nonce",
  "map",
  "lookup",
  "row",
  "dedup",
  "dedupe",
  "composite",
  "unique",
  "react",
  "object",
  "hot",
  "keyboard",
  "shortcut",
  "press",
]);

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
  const stems = words.map((word) => word.replace(/[0-9]+$/, ""));
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
    if (TOKEN_SEGMENTS.has(word) || TOKEN_SUFFIXES.some((suffix) => word.endsWith(suffix))) kind = "token";
    else if (word === "key") {
      const before = words[index - 1];
      if (before !== undefined && KEY_QUALIFIERS.has(before)) kind = "token";
      else if (kind === null && !words.some((other) => KEY_NOT_SECRET.has(other))) kind = "key";
    }
  }
  return kind;
}
