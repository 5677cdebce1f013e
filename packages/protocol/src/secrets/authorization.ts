// HTTP Authorization credentials: `Bearer <token>` and `Basic <base64 user:password>`.
import { isRandomLooking } from "./entropy.ts";
import { isMaskedToken, isPlaceholder } from "./placeholder.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";

const TOKEN68 = /[ \t]+([A-Za-z0-9._~+/=-]{8,4096})(?![A-Za-z0-9._~+/=-])/y;
const BASE64 = /[ \t]+([A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=_.~-])/y;
const HEADER_BEFORE = /authorization["'`]?[ \t]*[:=][ \t]*["'`]?$/i;
const DIGIT = /[0-9]/;
const PLAIN_WORDS = /^[a-z]+(?:[-_. ][a-z]+)*$|^[A-Z]+(?:_[A-Z]+)*$/;
const PRINTABLE_PAIR = /^[\x20-\x7e]{1,256}:([\x20-\x7e]{1,256})$/;

/** The text on the same line just before `index`, at most `limit` code units (bounded, so callers stay linear). */
function lineBefore(text: string, index: number, limit: number): string {
  const window = text.slice(Math.max(0, index - limit), index);
  return window.slice(window.lastIndexOf("\n") + 1);
}

/** True when `index` directly follows an `Authorization:` header name (or `"authorization": "`) on the same line. */
export function inAuthorizationHeader(text: string, index: number): boolean {
  return HEADER_BEFORE.test(lineBefore(text, index, 64));
}

/**
 * The token after the word `Bearer` at `at` (length 6): 8+ token characters with a digit, not a placeholder. Outside an
 * Authorization header the token must also look random.
 */
export function findBearer(text: string, at: number): Span | null {
  TOKEN68.lastIndex = at + 6;
  const match = TOKEN68.exec(text);
  const token = match?.[1];
  if (match === null || token === undefined || isPlaceholder(token) || PLAIN_WORDS.test(token) || !DIGIT.test(token))
    return null;
  if (!inAuthorizationHeader(text, at) && !isRandomLooking(token)) return null;
  const start = at + 6 + match[0].length - token.length;
  return { family: "bearer-token", start, end: start + token.length, specificity: SPECIFICITY.generic };
}

/**
 * The base64 credentials after the word `Basic` at `at` (length 5): in an Authorization header any literal (it may
 * encode `user:password`, `:token` or a bare key), elsewhere only when they decode to `user:password`.
 */
export function findBasic(text: string, at: number): Span | null {
  BASE64.lastIndex = at + 5;
  const match = BASE64.exec(text);
  const encoded = match?.[1];
  if (match === null || encoded === undefined || isPlaceholder(encoded) || isMaskedToken(encoded)) return null;
  const pair = PRINTABLE_PAIR.exec(Buffer.from(encoded, "base64").toString("latin1"));
  const inHeader = inAuthorizationHeader(text, at) && encoded.length >= 12;
  if (!inHeader && (pair === null || isPlaceholder(pair[1] ?? ""))) return null;
  const start = at + 5 + match[0].length - encoded.length;
  return { family: "basic-auth", start, end: start + encoded.length, specificity: SPECIFICITY.generic };
}
