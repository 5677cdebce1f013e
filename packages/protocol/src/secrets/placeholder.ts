// Values that sit where a secret would but are not one: placeholders, masks, references and code.
import { isTypedPattern, looksGenerated } from "./value-shape.ts";

const NON_VALUES = new Set([
  "null",
  "nil",
  "none",
  "undefined",
  "true",
  "false",
  "yes",
  "no",
  "on",
  "off",
  "nan",
  "void",
  "never",
  "required",
  "optional",
  "todo",
  "tbd",
  "fixme",
  "n/a",
  "na",
  "empty",
  "blank",
  "unset",
  "default",
  "string",
  "str",
  "number",
  "int",
  "integer",
  "float",
  "bool",
  "boolean",
  "any",
  "unknown",
  "object",
  "bytes",
  "buffer",
  "secretstr",
  "secretbytes",
  "await",
  "new",
  "function",
  "lambda",
  "async",
  "yield",
  "return",
  "typeof",
  "this",
  "self",
  "cls",
  "const",
  "let",
  "var",
  "def",
  "fn",
  "class",
  "extends",
  "require",
  "import",
  "export",
  "instanceof",
  "delete",
  "static",
  "public",
  "private",
  "protected",
  "readonly",
  "struct",
  "interface",
  "value",
  "values",
  "foo",
  "bar",
  "baz",
  "qux",
  "foobar",
  "hidden",
  "fake",
  "test",
  "testing",
  "password",
  "passwd",
  "pass",
  "pwd",
  "passphrase",
  "secret",
  "token",
  "apikey",
  "api_key",
  "api-key",
  "key",
  "credential",
  "credentials",
  "creds",
  "auth",
  "bearer",
  "basic",
  "private_key",
  "access_token",
  "auth_token",
]);

const MARKERS =
  /example|(?:^|[_.-])(?:test|demo|abc123|test123|demo123|dummy|fake)$|…|\.\.\.$|^[A-Za-z0-9]{1,10}[-_]$|placeholder|dummy|redacted|sample|your[-_ ]?(?:own[-_ ]?)?[a-z]|(?:^|[-_ ])here$|^(?:insert|enter|replace|paste|put|add)[-_ ]/i;
const REFERENCE_PREFIX =
  /^(?:\$[{(A-Za-z_]|%[A-Za-z_][A-Za-z0-9_]*%|%\(|#\{|@\{|\{\{|<|\[|env:|vault:|secret:|ref\+|op:\/\/|arn:aws:secretsmanager|!vault|sm:\/\/|gcp:|azure:)/i;
const REFERENCE_INSIDE =
  /process\.env|import\.meta\.env|os\.environ|os\.getenv|getenv\(|System\.getenv|Environment\.GetEnvironmentVariable|ENV\[|\$\{\{|\{\{\s*secrets|\$\{[A-Za-z_]/;
const MASK = /^(.)\1*$/;
const NUMERIC_LITERAL = /^0x[0-9a-f]+$|^-?[0-9]+\.[0-9]+$/i;
const MASK_CHARS = /^[*xX•#._\-\s]+$/;
const PATH = /^(?:~|\.{1,2})?\/[\w.@/-]*$|^[A-Za-z]:\\|^https?:\/\//;

/** True for a value that is not a literal credential: empty, a mask, a placeholder, a reference to a variable or store, or a path/URL. */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length === 0) return true;
  if (NON_VALUES.has(trimmed.toLowerCase())) return true;
  if (MASK.test(trimmed) || MASK_CHARS.test(trimmed) || NUMERIC_LITERAL.test(trimmed)) return true;
  if (REFERENCE_PREFIX.test(trimmed) || REFERENCE_INSIDE.test(trimmed)) return true;
  if (MARKERS.test(trimmed)) return true;
  return PATH.test(trimmed);
}

const CODE_IN_QUOTES = /^\s*\+\s|\)\s*;|\(\{|\}\)|=>|\)\s*\{/;

/** True when a quoted "value" is really code between two string literals (`"credentials: " + input)`). */
export function isCodeInQuotes(value: string): boolean {
  return CODE_IN_QUOTES.test(value);
}

const MASKED_TOKEN =
  /(.)\1{7,}|example|[xX]{6,}|[#*•]{4,}|(?:[xX]{4}[-_ ]?){3}|0123456789|123456789|abcdefghij|[{<][a-z_]{3,}[}>]|your[-_]?(?:key|token|secret)|(?:key|token|secret)[-_]?here/i;
/** A provider prefix (`sk-proj-`, `ghp_`, `xoxb-`), so the body after it can be checked on its own. */
const PROVIDER_PREFIX = /^(?:[A-Za-z0-9]{1,12}[_.-]){1,3}/;

/**
 * True when a provider-format token or a value is a documentation mask (`ghp_xxxx…`, `…EXAMPLE`, `sk-…YourKeyHere`,
 * `npm_1234567890…`, `hf_aAbBcC…`) rather than a key: runs, straight sequences and repeated units, with or without
 * the provider prefix in front.
 */
export function isMaskedToken(token: string): boolean {
  if (MASKED_TOKEN.test(token)) return true;
  const body = token.replace(PROVIDER_PREFIX, "");
  if (body.length >= 4 && isTypedPattern(body)) return true;
  // A prefix without a separator (`AIza`, `AKIA`, `EAA`) before a typed pattern.
  for (let skip = 1; skip <= 8 && token.length - skip >= 12; skip += 1)
    if (isTypedPattern(token.slice(skip))) return true;
  return false;
}

const CODE_START = /^[$%{[(<@&*:=.?|>\\]|^![A-Za-z_$][\w$.]*$/;
const CODE_INSIDE = /[()[\]{}]|=>|==(?!=*$)|\?\.|\?\?|\|\||&&|^.{0,63}[+|?]$|(?:^|\W)(?:this|self)\./;
const DOTTED_PATH = /^[A-Za-z_$#][\w$#]*(?:(?:\??\.|::|->)[A-Za-z_$#][\w$#]*)+;?$/;
/** `a.b=c` or `a=b`: an assignment chain, not a value (base64 padding `abc==` is not one). */
const CHAINED = /^[A-Za-z_$#][\w$#.]*=(?!=*$)/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const LETTERS_CAMEL = /^[a-z]+(?:[A-Z][a-z]*)+$|^(?:[A-Z][a-z]+){2,}$/;
const HAS_DIGIT = /[0-9]/;

export interface UnquotedContext {
  /** The separator between key and value (`=`, `:`, `==`, `:=`, …). */
  separator: string;
  /** Whitespace surrounded the separator (`a = b`, not `a=b`). */
  spaced: boolean;
  /** The key was written in quotes (`"password": value`), as in JSON or a dict literal. */
  quotedKey: boolean;
  /** The first non-blank character after the value, or "" at end of line. */
  next: string;
}

/** True when an unquoted value after a credential key reads as program code (a variable, call, member or type) rather than a literal. */
export function isCodeValue(value: string, { separator, spaced, quotedKey, next }: UnquotedContext): boolean {
  // `!isReady` negates a variable; `!WP5KXi1aEq…` is a password that starts with `!`.
  const codeStart = CODE_START.test(value) && !(value.startsWith("!") && looksGenerated(value.slice(1)));
  if (codeStart || CODE_INSIDE.test(value) || CHAINED.test(value)) return true;
  // `config.db.password` is a member path; `iiVBVS539W.oEm1AdptbDnVe` is a password with a dot in it.
  if (DOTTED_PATH.test(value) && !value.split(/\??\.|::|->/).some(looksGenerated)) return true;
  if (next === ">" && value.endsWith("=")) return true;
  if (separator !== ":" && separator !== "=" && separator !== ":=") return true;
  if (!IDENTIFIER.test(value) || looksGenerated(value)) return false;
  if (LETTERS_CAMEL.test(value) || quotedKey) return true;
  if (",;)}].|&=(".includes(next) && next !== "") return true;
  return spaced && separator !== ":" && !HAS_DIGIT.test(value);
}
