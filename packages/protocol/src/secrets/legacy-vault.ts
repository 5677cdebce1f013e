// HashiCorp Vault's legacy service and batch tokens (`s.` or `b.` and 24 characters). "s." ends every plural before a
// member access (`args.length`), so instead of an anchor the substring is searched directly and only a `s.`/`b.` that
// starts a word is tried: a cheap character check, then one sticky pattern.
import { isMaskedToken } from "./placeholder.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";

const BODY = /[A-Za-z0-9]{24}(?![A-Za-z0-9_.-])/y;
const DIGIT = /[0-9]/;
const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;

function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const code = text.charCodeAt(at - 1);
  const tokenChar = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return !tokenChar && code !== 95 && code !== 45 && code !== 46;
}

function legacyToken(body: string): boolean {
  return DIGIT.test(body) && LOWER.test(body) && UPPER.test(body) && !isMaskedToken(body);
}

export function findLegacyVaultTokens(text: string): Span[] {
  const spans: Span[] = [];
  for (const prefix of ["s.", "b."]) {
    for (let at = text.indexOf(prefix); at !== -1; at = text.indexOf(prefix, at + 2)) {
      if (!startsWord(text, at)) continue;
      BODY.lastIndex = at + 2;
      const match = BODY.exec(text);
      if (match === null || !legacyToken(match[0])) continue;
      spans.push({ family: "vault-token", start: at, end: at + 26, specificity: SPECIFICITY.provider });
    }
  }
  return spans;
}
