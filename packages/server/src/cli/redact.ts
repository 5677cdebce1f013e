// Removes credentials from text we print: URL userinfo, scp-style users and bearer values.

/** `https://user:token@host/x` → `https://host/x`; `user@host:path` → `host:path`. */
export function stripUserinfo(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i;
  if (scheme.test(url)) return url.replace(scheme, "$1");
  return url.replace(/^[^@\s/:]+@([^:/\s]+:)/, "$1");
}

/** Applies stripUserinfo to every URL in a text. */
export function stripUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s"']*@/gi, "$1");
}

/** Applies stripUserinfo to every URL in a text and hides bearer values. */
export function redactCredentials(text: string): string {
  // A value made only of letters is a word ("a valid bearer token is required"), not a credential.
  return stripUrlCredentials(text).replace(/\b(Bearer|Basic|token)\s+(?![a-z]+\b)[^\s"']+/gi, "$1 [redacted]");
}
