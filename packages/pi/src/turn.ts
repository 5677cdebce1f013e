// Session identity and the derived turn number of the prompt being submitted.
import { isObject } from "./client.ts";
import type { HostSession } from "@powercontext/pi-kit";

export interface TurnIdentity {
  sessionId: string;
  /** Decimal turn number: user messages already on the current branch, plus one. */
  turnId: string;
}

/** Normalized session identity: the trimmed Pi session id, or "unknown". */
export function sessionIdentity(session: HostSession): string {
  try {
    const id = session.getSessionId().trim();
    return id === "" ? "unknown" : id;
  } catch {
    return "unknown";
  }
}

/** Counts the branch's user messages; the branch itself is never stored. */
export function countUserMessages(branch: readonly unknown[]): number {
  let count = 0;
  for (const entry of branch) {
    if (isObject(entry) && entry.type === "message" && isObject(entry.message) && entry.message.role === "user")
      count += 1;
  }
  return count;
}

export function turnIdentity(session: HostSession): TurnIdentity {
  let branch: readonly unknown[] = [];
  try {
    branch = session.getBranch();
  } catch {
    branch = [];
  }
  return { sessionId: sessionIdentity(session), turnId: String(countUserMessages(branch) + 1) };
}
