// Private key blocks (PEM, OpenSSH, PGP, encrypted PKCS#8), matched as a whole from BEGIN to END.
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";

export const PRIVATE_KEY_ANCHOR = "-----BEGIN ";

const HEADER = /-----BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY( BLOCK)?-----/y;
/** One body line of an armored key (base64, or a `Proc-Type: …` header), ending at a newline or a `\n` escape. */
const BODY_LINE = /[ \t]*(?:[A-Za-z0-9+/=]{1,128}|[A-Za-z-]{1,32}: [^\r\n\\]{1,128})[ \t]*(?:\r?\n|\\n)?/y;
const MAX_BODY = 16384;
const BASE64 = /[A-Za-z0-9+/]/g;
const MIN_BODY_CHARS = 40;
const MAX_BLOCK = 65536;

/** Per END marker, where it was last searched from and found (-1: absent after that point); keeps searches linear. */
export type EndMarkerMemo = Map<string, { from: number; at: number }>;

function findFooter(text: string, footer: string, from: number, memo: EndMarkerMemo): number {
  const known = memo.get(footer);
  if (known !== undefined && from >= known.from && (known.at === -1 || known.at >= from)) return known.at;
  const at = text.indexOf(footer, from);
  memo.set(footer, { from, at });
  return at;
}

/** Where the base64 body that follows a header without END marker stops: at the first line that is not part of it. */
function bodyEnd(text: string, from: number): number {
  let at = from;
  if (text.startsWith("\\n", at)) at += 2;
  else if (text[at] === "\n") at += 1;
  else if (text.startsWith("\r\n", at)) at += 2;
  let end = from;
  while (at - from < MAX_BODY) {
    BODY_LINE.lastIndex = at;
    const line = BODY_LINE.exec(text);
    if (line === null || line[0].length === 0) break;
    end = at + line[0].trimEnd().replace(/\\n$/, "").length;
    at += line[0].length;
  }
  return end;
}

function countBase64(text: string): number {
  BASE64.lastIndex = 0;
  let count = 0;
  while (BASE64.exec(text) !== null) {
    count += 1;
    if (count >= MIN_BODY_CHARS) break;
  }
  return count;
}

/**
 * The private key block whose header starts at `start`, or null when the header is not a private key or the body is
 * a placeholder (fewer than 40 base64 characters). A block without its END marker ends with its last body line.
 */
export function findPrivateKey(text: string, start: number, memo: EndMarkerMemo): Span | null {
  HEADER.lastIndex = start;
  const header = HEADER.exec(text);
  if (header === null) return null;
  const headerEnd = start + header[0].length;
  const footer = `-----END ${header[1] ?? ""}PRIVATE KEY${header[2] ?? ""}-----`;
  let footerAt = findFooter(text, footer, headerEnd, memo);
  if (footerAt - headerEnd > MAX_BLOCK) footerAt = -1;
  let end: number;
  let body: string;
  if (footerAt === -1) {
    end = bodyEnd(text, headerEnd);
    body = text.slice(headerEnd, end);
  } else {
    end = footerAt + footer.length;
    body = text.slice(headerEnd, footerAt);
  }
  if (countBase64(body.replaceAll("\\n", "")) < MIN_BODY_CHARS) return null;
  return { family: "private-key", start, end, specificity: SPECIFICITY.provider };
}
