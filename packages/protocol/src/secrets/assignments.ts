// Secrets found by position: the value assigned to a credential-named key (`DB_PASSWORD=…`, `"api_key": "…"`,
// `--token …`, `<password>…</password>`), prose such as "the token is …", and HTTP Authorization schemes.
import { findBasic, findBearer, inAuthorizationHeader } from "./authorization.ts";
import { asciiCharTest } from "./char-codes.ts";
import { isRandomLooking, isWordLike } from "./entropy.ts";
import { classifyKeyName } from "./key-name.ts";
import type { KeyKind } from "./key-name.ts";
import { isCodeInQuotes, isCodeValue, isMaskedToken, isPlaceholder } from "./placeholder.ts";
import { KEYED_RULES } from "./rules.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";
import { isQuote, parseElementText, parseValue, unquotedEnd } from "./value-parse.ts";
import type { Value } from "./value-parse.ts";
import { looksGenerated } from "./value-shape.ts";

/**
 * A position inside a credential word (pass, pwd, pat, key, token, cred, secret, auth, bearer, basic) in lower, Title or
 * UPPER case. Each alternative is led by a fairly rare letter and confirmed around it, which V8 scans much faster
 * than an alternation of the words themselves.
 */
const KEYWORDS =
  /[pP](?=ass|wd|ASS|WD)|[kK](?=ey|EY)|[kK](?=en|EN)(?<=[Tt]ok|TOK)|[cC](?=red|RED)|[cC](?=ret|RET)(?<=[Ss]ec|SEC)|[uU](?=th|TH)(?<=[Aa]u|AU)|[bB](?=earer|asic|EARER|ASIC)|[pP](?=(?:AT|at)(?![A-Za-z0-9]))/g;
const SEPARATOR = /\]?[ \t]{0,8}(\?:|:::=|::=|:=|\?=|\+=|\.=|=>|===|!==|==|!=|:|=)(?![=:])[ \t]{0,16}/y;
/** A declared type between a name and its `=`: `apiKey: string =`, `var token string =`, `KEY: &str =`, `{ get; set; } =`. */
const TYPE_THEN_EQUALS =
  /(?:[ \t]*:[ \t]*&?(?:'static[ \t]+)?[A-Za-z_][\w.]*(?:<[^<>\n]{0,40}>)?(?:\[\])?\??|[ \t]+(?:string|String|str|\[\]byte)|[ \t]*\{[ \t]*get;[ \t]*(?:private[ \t]+|init;[ \t]*)?(?:set;)?[ \t]*\})(?=[ \t]*=[^=])/y;
/** The key names an entry whose value sits beside it: `<add key="Password" value="…"`, `- name: TOKEN\n  value: …`. */
const NAMES_ENTRY = /(?:^|[^A-Za-z])(?:name|key|Name|Key)["']?[ \t]*[:=][ \t]*["']?$/;
const ENTRY_VALUE = /["']?[ \t]*(?:,[ \t]*)?(?:\r?\n[ \t]*)?(?:-[ \t]*)?["']?(?:value|Value)["']?[ \t]*[:=][ \t]*/y;
/** Shell and Dockerfile forms that assign with a space: `set -gx TOKEN value`, `setenv TOKEN value`, `ENV TOKEN value`. */
const SPACE_ASSIGNMENT = /(?:^|\n)[ \t]*(?:set[ \t]+-[a-zA-Z]+|setenv|ENV|ARG)[ \t]+$/;
/** Operators that assign (as opposed to compare) and may be followed by an unquoted literal. */
const ASSIGNING = new Set(["=", ":", ":=", "::=", ":::=", "?=", "+=", ".="]);
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

const isKeyChar = asciiCharTest("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");

/** The text on the same line just before `index`, at most `limit` code units. */
function lineBefore(text: string, index: number, limit: number): string {
  const window = text.slice(Math.max(0, index - limit), index);
  return window.slice(window.lastIndexOf("\n") + 1);
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

/** 8+ characters without whitespace that read as generated: letters outside words, or digits among letters. */
function isTokenLike(value: string): boolean {
  if (value.length < 8 || WHITESPACE.test(value)) return false;
  if (looksGenerated(value)) return true;
  return DIGIT.test(value) && !DIGITS.test(value) && !PLAIN_WORDS.test(value) && !isWordLike(value);
}

/** The family a literal `value` under a key of `kind` is reported as, or null when it is not a secret. */
export function credentialFamily(kind: KeyKind, key: string, value: string): string | null {
  if (isPlaceholder(value) || isMaskedToken(value) || CONSTANT_NAME.test(value) || sameName(key, value)) return null;
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

interface KeySite {
  text: string;
  key: string;
  keyStart: number;
  keyEnd: number;
  kind: KeyKind;
  /** The quote the key was written in, if any. */
  opener: string | undefined;
  quotedKey: boolean;
  /** The key sits inside a string rather than being quoted itself (`"API_TOKEN=…\n…"`). */
  insideString: boolean;
  /** Where the text after the key (and its closing quote) starts. */
  at: number;
}

/** Where to look for the value, and how to judge it; `stop` means the key has no literal value here. */
type Located = { value: Value | null; effective: KeyKind } | { stop: number };

/** `key = value` and its relatives (`:`, `:=`, `::=`, `?=`, `.=`, `==`, …), possibly after a declared type. */
function afterSeparator(site: KeySite, at: number, separator: RegExpExecArray): Located {
  const { text, keyStart, kind } = site;
  // `arn:…:secret:Name`, `urn:…:oauth:token-type`: a path component, not a key.
  if (separator[1] === ":" && text[keyStart - 1] === ":") return { stop: site.keyEnd };
  const value = parseValue(text, at + separator[0].length);
  if (value === null) return { value, effective: kind };
  const effective = COMPARISON.test(separator[1] ?? "") ? "key" : kind;
  // `Server=db;Password=pa55word;Encrypt=true`: a `;`-separated pair list, not a statement.
  const pairList = PAIR_FOLLOWS.test(text.slice(value.end, value.end + 40));
  const context = {
    separator: ASSIGNING.has(separator[1] ?? "") && separator[1] !== ":" ? "=" : (separator[1] ?? ""),
    spaced: /[ \t]/.test(separator[0]),
    quotedKey: site.quotedKey && !site.insideString,
    next: pairList ? "" : value.next,
  };
  if (!value.quoted) {
    // `The content pass: everything above…` is prose; a YAML value is followed by the end of the line or a comment.
    const prose = context.separator === ":" && LETTER.test(value.next);
    if (prose || isCodeValue(text.slice(value.start, value.end), context)) return { stop: value.start };
  }
  return { value, effective };
}

/** The forms without an operator: entries, constants, flags, shell `set`, and prose ("the token is …"). */
function otherForms(site: KeySite): Located {
  const { text, key, keyStart, kind, at } = site;
  if (NAMES_ENTRY.test(lineBefore(text, keyStart, 48))) {
    ENTRY_VALUE.lastIndex = at;
    const entry = ENTRY_VALUE.exec(text);
    if (entry !== null) return { value: parseValue(text, at + entry[0].length), effective: kind };
  }
  if (
    site.quotedKey &&
    text[at] === "," &&
    CONSTANT_KEY.test(key) &&
    /\([ \t]?$/.test(text.slice(keyStart - 3, keyStart - 1))
  ) {
    // `define('DB_PASSWORD', '…')`, `setdefault("API_TOKEN", "…")`: a constant name, then its value.
    const value = parseValue(text, at + 1 + (text[at + 1] === " " ? 1 : 0));
    return { value: value?.quoted ? value : null, effective: kind };
  }
  if (
    (key.startsWith("-") || SPACE_ASSIGNMENT.test(lineBefore(text, keyStart, 32))) &&
    text[at] === " " &&
    text[at + 1] !== "-"
  ) {
    return { value: parseValue(text, at + 1), effective: kind };
  }
  PROSE.lastIndex = at;
  const prose = PROSE.exec(text);
  let value = prose === null ? null : parseValue(text, at + prose[0].length);
  let effective: KeyKind = kind === "token" && inAuthorizationHeader(text, keyStart) ? "authorization" : "key";
  if (value !== null && kind === "password" && prose?.[1] !== undefined) {
    if (!value.quoted && text[value.end - 1] === ".") value = { ...value, end: value.end - 1 };
    if (SPOKEN_PASSWORD.test(text.slice(value.start, value.end))) effective = "password";
  }
  return { value, effective };
}

function locateValue(site: KeySite): Located {
  const { text, opener, key } = site;
  let at = site.at;
  if (opener === "<" && text[at] === ">") return { value: parseElementText(text, at + 1, key), effective: site.kind };
  TYPE_THEN_EQUALS.lastIndex = at;
  const typed = TYPE_THEN_EQUALS.exec(text);
  if (typed !== null) at += typed[0].length;
  SEPARATOR.lastIndex = at;
  const separator = SEPARATOR.exec(text);
  return separator === null ? otherForms(site) : afterSeparator(site, at, separator);
}

/** The secret assigned to the credential-named key spanning `keyStart`..`keyEnd`, and where scanning may resume (the value start, so a scheme word such as `Bearer` inside it is still seen). */
function findAssigned(
  text: string,
  keyStart: number,
  keyEnd: number,
  kind: KeyKind,
): { found: Span | null; resume: number } {
  const opener = text[keyStart - 1];
  const escapedKey = opener === '"' && text[keyStart - 2] === "\\";
  const quotedKey = isQuote(opener);
  let at = keyEnd;
  let insideString = false;
  if (escapedKey && text.startsWith('\\"', at)) at += 2;
  else if (quotedKey && text[at] === opener) at += 1;
  else insideString = quotedKey;
  const key = text.slice(keyStart, keyEnd);
  const site: KeySite = {
    text,
    key,
    keyStart,
    keyEnd,
    kind,
    opener,
    quotedKey: quotedKey || escapedKey,
    insideString,
    at,
  };
  const located = locateValue(site);
  if ("stop" in located) return { found: null, resume: located.stop };
  const { value, effective } = located;
  if (value === null) return { found: null, resume: keyEnd };
  // `input("Password: ")`: the quote after the separator closes the string the key was written in.
  if (insideString && value.quoted && text[value.start - 1] === opener) return { found: null, resume: value.start };
  if (value.quoted && isCodeInQuotes(text.slice(value.start, value.end))) return { found: null, resume: value.start };
  const family = credentialFamily(effective, key, text.slice(value.start, value.end));
  if (family === null) return { found: null, resume: value.start };
  // A long unquoted secret is redacted to its real end, and scanning resumes after it (so the scan stays linear).
  const end = unquotedEnd(text, value);
  return { found: span(family, { ...value, end }), resume: end > value.end ? end : value.start };
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
    // `"…\nAPI_TOKEN=…"`: the `n` of an escaped newline is not part of the key.
    if (keyStart < hit && text[keyStart - 1] === "\\" && "nrt".includes(text[keyStart] ?? "")) keyStart += 1;
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
