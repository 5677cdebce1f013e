// Reading the value that follows a key: a quoted string on one line (also `\"…\"` inside JSON strings), a bare word,
// or the text of an XML element, possibly on lines of its own.
import { asciiCharTest, isBlankOrControl } from "./char-codes.ts";

export interface Value {
  start: number;
  end: number;
  quoted: boolean;
  /** First non-blank character after the value on its line, or "". */
  next: string;
}

/** How far a quoted value is looked for; longer quoted secrets are still redacted whole once found. */
export const MAX_QUOTED = 16384;
/** How far an unquoted value is read before it is judged; a secret found is then extended to its real end. */
export const MAX_UNQUOTED = 512;

export function isQuote(char: string | undefined): boolean {
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
export function parseValue(text: string, at: number): Value | null {
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

/** The real end of an unquoted value cut at MAX_UNQUOTED, so no tail of a long secret stays visible. */
export function unquotedEnd(text: string, value: Value): number {
  if (value.quoted || value.end - value.start < MAX_UNQUOTED) return value.end;
  let end = value.end;
  while (end < text.length && !endsUnquoted(text.charCodeAt(end))) end += 1;
  return end;
}

const ELEMENT_TEXT = /[ \t]*(?:\r?\n[ \t]*)?([^\s<>]{1,16384})[ \t]*(?:\r?\n[ \t]*)?<\//y;

/** The text of `<key>value</key>`, the value alone on its line or not, when `at` is just after the opening `>`. */
export function parseElementText(text: string, at: number, key: string): Value | null {
  ELEMENT_TEXT.lastIndex = at;
  const match = ELEMENT_TEXT.exec(text);
  const inner = match?.[1];
  if (match === null || inner === undefined) return null;
  const close = at + match[0].length;
  if (!text.startsWith(`${key}>`, close)) return null;
  const start = at + match[0].indexOf(inner);
  return { start, end: start + inner.length, quoted: true, next: "<" };
}
