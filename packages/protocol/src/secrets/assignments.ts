// Secrets found by position: the value assigned to a credential-named key (`DB_PASSWORD=…`, `"api_key": "…"`,
// `--token …`, `<password>…</password>`), prose such as "the token is …", and HTTP Authorization schemes.
import { findBasic, findBearer, inAuthorizationHeader } from "./authorization.ts";
import { asciiCharTest, isBlankOrControl } from "./char-codes.ts";
import { isRandomLooking, isWordLike } from "./entropy.ts";
import { classifyKeyName } from "./key-name.ts";
import type { KeyKind } from "./key-name.ts";
import { isCodeInQuotes, isCodeValue, isPlaceholder } from "./placeholder.ts";
import { KEYED_RULES } from "./rules.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";

/**
 * A position inside a credential word (pass, pwd, key, token, cred, secret, auth, bearer, basic) in lower, Title or
 * UPPER case. Each alternative is led by a fairly rare letter and confirmed around it, which V8 scans much faster
 * than an alternation of the words themselves.
 */
const KEYWORDS =
  /[pP](?=ass|wd|ASS|WD)|[kK](?=ey|EY)|[kK](?=en|EN)(?<=[Tt]ok|TOK)|[cC](?=red|RED)|[cC](?=ret|RET)(?<=[Ss]ec|SEC)|[uU](?=th|TH)(?<=[Aa]u|AU)|[bB](?=earer|asic|EARER|ASIC)/g;
const SEPARATOR = /\]?[ \t]{0,8}(\?:|:=|=>|===|!==|==|!=|:|=)(?![=:])[ \t]{0,16}/y;
const PROSE = /[ \t]{1,4}(?:(is|was|are|=|:)[ \t]{1,4})?/y;
/** "the password is hunter2": a password named in prose has a digit or symbol, or it is just a word. */
const SPOKEN_PASSWORD = /^(?=.{6,64}$)(?=.*[0-9!@#$%^&*+=?~])[^\s]+$/;
const PLAIN_WORDS = /^[a-z]+(?:[-_. ][a-z]+)*$|^[A-Z]+(?:_[A-Z]+)*$/;
const DIGITS = /^[0-9]+$/;
/** `AWS_SECRET_KEY`: the name of a variable or enum member, not its value. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const PAIR_FOLLOWS = /^;[ \t]*[A-Za-z][A-Za-z0-9 _.-]{0,30}=/;
const CONSTANT_KEY = /^[A-Z][A-Z0-9_]*$/;
const WHITESPACE = /\s/;
const DIGIT = /[0-9]/;
const MANY_WORDS = /(?:\S+\s+){4}\S/;
const LETTER = /[A-Za-z]/;
/** After `==`/`!=` only a random-looking literal counts: `op === "CreateToken"` compares names. */
const COMPARISON = /^[!=]=/;
const SCHEME_ONLY = /^(?:bearer|basic|token|digest|negotiate|ntlm|aws4-hmac-sha256)$/i;
const MAX_KEY = 64;
const MAX_QUOTED = 1024;
const MAX_UNQUOTED = 512;

interface Value {
  start: number;
  end: number;
  quoted: boolean;
  /** First non-blank character after the value on its line, or "". */
  next: string;
}

const isKeyChar = asciiCharTest("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");

function isQuote(char: string | undefined): boolean {
  return char === '"' || char === "'" || char === "`";
}

const isUnquotedEnd = asciiCharTest("\"'`,;&<>)]}\\");

function endsUnquoted(code: number): boolean {
  return isBlankOrControl(code) || isUnquotedEnd(code);
}

function nextVisible(text: string, from: number): string {
  let index = from;
  while (index < text.length && (text[index] === " " || text[index] === "\t")) index += 1;
  const char = text[index] ?? "";
  return char === "\n" || char === "\r" ? "" : char;
}

/** Parses the value starting at `at`: a quoted string on one line (also `\"…\"` inside JSON strings) or a bare word. */
function parseValue(text: string, at: number): Value | null {
  let start = at;
  if ("rRbBuU".includes(text[start] ?? "-") && isQuote(text[start + 1])) start += 1;
  const first = text[start];
  const escaped = first === "\\" && text[start + 1] === '"';
  if (escaped || isQuote(first)) {
    const close = escaped ? '\\"' : (first ?? "");
    const open = start + close.length;
    const window = text.slice(open, open + MAX_QUOTED + close.length);
    const end = window.indexOf(close);
    if (end === -1 || window.lastIndexOf("\n", end) !== -1) return null;
    return { start: open, end: open + end, quoted: true, next: nextVisible(text, open + end + close.length) };
  }
  let end = start;
  while (end < text.length && end - start < MAX_UNQUOTED && !endsUnquoted(text.charCodeAt(end))) end += 1;
  if (end === start) return null;
  return { start, end, quoted: false, next: nextVisible(text, end) };
}

function keyedFamily(key: string, value: string): string | null {
  const normalized = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  for (const rule of KEYED_RULES) if (rule.key.test(normalized) && rule.value.test(value)) return rule.family;
  return null;
}

/** `X_TOKEN = "x-token"`, `ClientSecretPost = "ClientSecretPost"`: a value that only repeats the key's name. */
function sameName(key: string, value: string): boolean {
  const normalize = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  const last = key.slice(key.lastIndexOf(".") + 1);
  return normalize(value) === normalize(key) || normalize(value) === normalize(last);
}

/** 8+ characters without whitespace, with a digit, not made of words (API tokens have digits; names and types do not). */
function isTokenLike(value: string): boolean {
  return (
    value.length >= 8 &&
    !WHITESPACE.test(value) &&
    DIGIT.test(value) &&
    !DIGITS.test(value) &&
    !PLAIN_WORDS.test(value) &&
    !isWordLike(value)
  );
}

/** The family a literal `value` under a key of `kind` is reported as, or null when it is not a secret. */
export function credentialFamily(kind: KeyKind, key: string, value: string): string | null {
  if (isPlaceholder(value) || CONSTANT_NAME.test(value) || sameName(key, value)) return null;
  const keyed = keyedFamily(key, value);
  if (keyed !== null) return keyed;
  switch (kind) {
    case "password":
      return value.length >= 3 && !MANY_WORDS.test(value) ? "credential-assignment" : null;
    case "token":
      return isTokenLike(value) ? "credential-assignment" : null;
    case "authorization":
      return isTokenLike(value) && !SCHEME_ONLY.test(value) ? "bearer-token" : null;
    case "key":
      return isRandomLooking(value) ? "high-entropy-token" : null;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

function span(family: string, value: Value): Span {
  const specificity =
    family === "high-entropy-token"
      ? SPECIFICITY.entropy
      : KEYED_RULES.some((rule) => rule.family === family)
        ? SPECIFICITY.provider
        : SPECIFICITY.generic;
  return { family, start: value.start, end: value.end, specificity };
}

/** The secret assigned to the credential-named key spanning `keyStart`..`keyEnd`, and where scanning may resume (the value start, so a scheme word such as `Bearer` inside it is still seen). */
function findAssigned(
  text: string,
  keyStart: number,
  keyEnd: number,
  kind: KeyKind,
): { found: Span | null; resume: number } {
  const key = text.slice(keyStart, keyEnd);
  const opener = text[keyStart - 1];
  const escapedKey = opener === '"' && text[keyStart - 2] === "\\";
  const quotedKey = isQuote(opener);
  let at = keyEnd;
  let insideString = false;
  if (escapedKey && text.startsWith('\\"', at)) at += 2;
  else if (quotedKey && text[at] === opener) at += 1;
  else insideString = quotedKey;
  let value: Value | null = null;
  let effective = kind;
  if (opener === "<" && text[at] === ">") {
    const end = text.slice(at + 1, at + 1 + MAX_QUOTED).indexOf("<") + at + 1;
    if (end > at && text.startsWith(`</${key}>`, end)) value = { start: at + 1, end, quoted: true, next: "<" };
  } else {
    SEPARATOR.lastIndex = at;
    const separator = SEPARATOR.exec(text);
    if (separator !== null) {
      // `arn:…:secret:Name`, `urn:…:oauth:token-type`: a path component, not a key.
      if (separator[1] === ":" && text[keyStart - 1] === ":") return { found: null, resume: keyEnd };
      value = parseValue(text, at + separator[0].length);
      if (value !== null && COMPARISON.test(separator[1] ?? "")) effective = "key";
      // `Server=db;Password=pa55word;Encrypt=true`: a `;`-separated pair list, not a statement.
      const pairList = value !== null && PAIR_FOLLOWS.test(text.slice(value.end, value.end + 40));
      const next = pairList ? "" : (value?.next ?? "");
      const context = {
        separator: separator[1] ?? "",
        spaced: /[ \t]/.test(separator[0]),
        quotedKey: quotedKey || escapedKey,
        next,
      };
      if (value !== null && !value.quoted) {
        // `The content pass: everything above…` is prose; a YAML value is followed by the end of the line or a comment.
        const prose = context.separator === ":" && LETTER.test(value.next);
        if (prose || isCodeValue(text.slice(value.start, value.end), context))
          return { found: null, resume: value.start };
      }
    } else if (
      quotedKey &&
      text[at] === "," &&
      CONSTANT_KEY.test(key) &&
      /\([ \t]?$/.test(text.slice(keyStart - 3, keyStart - 1))
    ) {
      // `define('DB_PASSWORD', '…')`, `setdefault("API_TOKEN", "…")`: a constant name, then its value.
      value = parseValue(text, at + 1 + (text[at + 1] === " " ? 1 : 0));
      if (value !== null && !value.quoted) value = null;
    } else if (key.startsWith("-") && text[at] === " " && text[at + 1] !== "-") {
      value = parseValue(text, at + 1);
    } else {
      PROSE.lastIndex = at;
      const prose = PROSE.exec(text);
      if (prose !== null) value = parseValue(text, at + prose[0].length);
      effective = kind === "token" && inAuthorizationHeader(text, keyStart) ? "authorization" : "key";
      if (value !== null && kind === "password" && prose?.[1] !== undefined) {
        if (!value.quoted && text[value.end - 1] === ".") value = { ...value, end: value.end - 1 };
        if (SPOKEN_PASSWORD.test(text.slice(value.start, value.end))) effective = "password";
      }
    }
  }
  if (value === null) return { found: null, resume: keyEnd };
  // `input("Password: ")`: the quote after the separator closes the string the key was written in.
  if (insideString && value.quoted && text[value.start - 1] === opener) return { found: null, resume: value.start };
  if (value.quoted && isCodeInQuotes(text.slice(value.start, value.end))) return { found: null, resume: value.start };
  const family = credentialFamily(effective, key, text.slice(value.start, value.end));
  return { found: family === null ? null : span(family, value), resume: value.start };
}

/** Every secret found by its position next to a credential word. Linear in the text length. */
export function findAssignments(text: string): Span[] {
  const found: Span[] = [];
  let resume = 0;
  KEYWORDS.lastIndex = 0;
  for (let match = KEYWORDS.exec(text); match !== null; match = KEYWORDS.exec(text)) {
    const hit = match.index;
    if (hit < resume) continue;
    const lead = text[hit];
    if (lead === "b" || lead === "B") {
      const bearer = text[hit + 1] === "e" || text[hit + 1] === "E";
      const length = bearer ? 6 : 5;
      const wordStart = hit === 0 || !isKeyChar(text.charCodeAt(hit - 1));
      const scheme =
        wordStart && !isKeyChar(text.charCodeAt(hit + length))
          ? bearer
            ? findBearer(text, hit)
            : findBasic(text, hit)
          : null;
      if (scheme !== null) {
        found.push(scheme);
        resume = scheme.end;
      }
      continue;
    }
    let keyStart = hit;
    while (keyStart > 0 && hit - keyStart < MAX_KEY && isKeyChar(text.charCodeAt(keyStart - 1))) keyStart -= 1;
    let keyEnd = hit + 1;
    while (keyEnd < text.length && keyEnd - hit < MAX_KEY && isKeyChar(text.charCodeAt(keyEnd))) keyEnd += 1;
    resume = keyEnd;
    const kind = classifyKeyName(text.slice(keyStart, keyEnd));
    if (kind === null) continue;
    const assigned = findAssigned(text, keyStart, keyEnd, kind);
    resume = Math.max(resume, assigned.resume);
    if (assigned.found !== null) found.push(assigned.found);
  }
  return found;
}
