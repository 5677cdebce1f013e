// What every dashboard request passes: security headers (a strict Content-Security-Policy: scripts and styles only from
// our own files, nothing inline), a session (with a token configured, only after the login step), and for every
// form post a same-origin check plus the session's CSRF token.
import type { FastifyReply, FastifyRequest } from "fastify";
import { field, formOf } from "./form-body.ts";
import { csrfMatches, type Sessions, sessionCookie, sessionIdOf } from "./sessions.ts";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export const LOGIN_PATH = "/ui/login";
export const ASSET_PREFIX = "/ui/assets/";
export const CSRF_HEADER = "x-csrf-token";

export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers({
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    // Not no-referrer: with it, Chromium sends `Origin: null` on our own form posts, which the origin check refuses.
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  });
}

/** A post is same-origin when the browser says so (Origin, Sec-Fetch-Site); SameSite=Strict already keeps cookies off. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const host = request.headers.host;
  return origin === `http://${host}` || origin === `https://${host}`;
}

export function createGuard(sessions: Sessions, token: string | null) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    setSecurityHeaders(reply);
    const path = request.url.split("?", 1)[0] ?? "";
    request.dashboardSession = sessions.find(sessionIdOf(request.headers.cookie));
    if (path.startsWith(ASSET_PREFIX)) return;
    if (request.method === "POST" && !isSameOrigin(request)) {
      await reply.code(403).type("text/plain").send("Cross-origin form posts are refused.");
      return;
    }
    if (path === LOGIN_PATH) return;
    if (request.dashboardSession === null) {
      if (token !== null) {
        if (request.method === "GET") await reply.redirect(LOGIN_PATH, 303);
        else await reply.code(401).type("text/plain").send("Log in first.");
        return;
      }
      request.dashboardSession = sessions.create();
      reply.header("set-cookie", sessionCookie(request.dashboardSession));
    }
  };
}

/** For a post's handler: the session's CSRF token must come with the form (or, from our scripts, as a header). */
export function hasValidCsrf(request: FastifyRequest): boolean {
  const session = request.dashboardSession;
  if (session === null) return false;
  const header = request.headers[CSRF_HEADER];
  const presented = typeof header === "string" ? header : field(formOf(request), "csrf");
  return csrfMatches(session, presented);
}
