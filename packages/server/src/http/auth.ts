// Optional static bearer token. Checked before routing, so unknown paths answer 401 too; health paths are public.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { PowerContextError } from "../errors.ts";
import { sendError } from "./errors.ts";

const PUBLIC_PATHS = new Set(["/health/live", "/health/ready"]);
const BEARER = /^bearer (.*)$/is;

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** Constant-time comparison (both sides hashed to equal length first). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** `ownLogin`: paths that check their own credentials (the dashboard's session cookie) instead of a bearer token. */
export function createAuthHook(token: string | null, ownLogin: (path: string) => boolean = () => false) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (token === null) return;
    const path = request.url.split("?", 1)[0] ?? "";
    if (PUBLIC_PATHS.has(path) || ownLogin(path)) return;
    const header = request.headers.authorization;
    const presented = typeof header === "string" ? BEARER.exec(header)?.[1] : undefined;
    if (presented === undefined || !tokenMatches(presented, token)) {
      await sendError(reply, new PowerContextError("unauthorized", "A valid bearer token is required."));
    }
  };
}
