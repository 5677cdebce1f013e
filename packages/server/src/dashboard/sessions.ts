// Dashboard sessions: a random id in an HttpOnly, SameSite=Strict cookie, each holding its own CSRF token. Kept in this
// process's memory, so a restart asks for the token again. Without a configured token every visitor gets a session
// at once (the Server then trusts its loopback, as the API does); with one, only the login step creates sessions.
import { randomBytes } from "node:crypto";
import { tokenMatches } from "../http/auth.ts";

export const SESSION_COOKIE = "pc_dashboard";
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const MAX_SESSIONS = 1000;

export interface Session {
  id: string;
  csrf: string;
  expires_at: number;
}

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
  }

  create(): Session {
    // Map order is insertion order: past the cap, the oldest session goes first.
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    const session = {
      id: randomBytes(32).toString("hex"),
      csrf: randomBytes(32).toString("hex"),
      expires_at: this.now() + SESSION_TTL_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  find(id: string | undefined): Session | null {
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    if (session.expires_at <= this.now()) {
      this.sessions.delete(id);
      return null;
    }
    return session;
  }

  end(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }
}

/** The cookie that carries a session: never readable by scripts, never sent on cross-site requests. */
export function sessionCookie(session: Session | null): string {
  const attributes = "Path=/; HttpOnly; SameSite=Strict";
  if (session === null) return `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`;
  return `${SESSION_COOKIE}=${session.id}; ${attributes}; Max-Age=${SESSION_TTL_MS / 1000}`;
}

export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === SESSION_COOKIE && value) return value;
  }
  return undefined;
}

/** Whether a form or request carries the session's CSRF token (compared in constant time). */
export function csrfMatches(session: Session, presented: string | undefined): boolean {
  return typeof presented === "string" && presented.length > 0 && tokenMatches(presented, session.csrf);
}
