// Credentials embedded in URLs (`scheme://user:password@host`) and Sentry DSN keys.
import { asciiCharTest, isBlankOrControl } from "./char-codes.ts";
import { isRandomLooking } from "./entropy.ts";
import { isPlaceholder } from "./placeholder.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";

export const URL_ANCHOR = "://";

const MAX_AUTHORITY = 512;
const SENTRY_KEY = /^[a-f0-9]{32}$/;

const isAuthorityEnd = asciiCharTest("/?\"'<>`\\");

/** Ends the authority. `#` does not: unencoded `#` turns up in pasted passwords, and a fragment holds no `@host`. */
function endsAuthority(code: number): boolean {
  return isBlankOrControl(code) || isAuthorityEnd(code);
}

/**
 * The secret in the userinfo of the URL whose `://` is at `at`: the password part of `user:password@`, a
 * random-looking token used as the user name, or a Sentry DSN key. Null when there is none or it is a placeholder.
 */
export function findUrlCredentials(text: string, at: number): Span | null {
  const start = at + URL_ANCHOR.length;
  let end = start;
  while (end < text.length && end - start < MAX_AUTHORITY && !endsAuthority(text.charCodeAt(end))) end += 1;
  const authority = text.slice(start, end);
  const atSign = authority.lastIndexOf("@");
  if (atSign <= 0 || atSign === authority.length - 1) return null;
  const userinfo = authority.slice(0, atSign);
  const host = authority.slice(atSign + 1);
  const colon = userinfo.indexOf(":");
  if (colon === -1) {
    if (SENTRY_KEY.test(userinfo) && host.includes("sentry")) {
      return { family: "sentry-dsn", start, end: start + atSign, specificity: SPECIFICITY.provider };
    }
    if (!isRandomLooking(userinfo)) return null;
    return { family: "url-credentials", start, end: start + atSign, specificity: SPECIFICITY.generic };
  }
  const password = userinfo.slice(colon + 1);
  if (isPlaceholder(password)) return null;
  return { family: "url-credentials", start: start + colon + 1, end: start + atSign, specificity: SPECIFICITY.generic };
}
