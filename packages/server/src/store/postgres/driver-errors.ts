// Driver errors become ours, once, at the adapter boundary: an unreachable or restarting database is
// `runtime_not_ready` (503, worth retrying, possibly on another instance); anything else is `internal_error`.
import pg from "pg";
import { PowerContextError } from "../../errors.ts";

/** SQLSTATEs that mean the connection, not the statement, failed. */
const CONNECTION_STATES = /^(08|57P0[1-3]|53300)/;
/** Node's socket errors and pg's own messages for a connection that broke or never opened. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client has encountered a connection error/i;

function isConnectionFailure(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return CONNECTION_STATES.test(error.code ?? "");
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

/** SQLSTATE classes of a connection the server refused: 28 (role or password), 3D (no such database). */
const REFUSED_STATES = /^(28|3D)/;

/**
 * Our errors pass through; anything else is wrapped with the original as `cause`. `label` names the database
 * (host:port/database) and `role` the role it connects as; neither holds a password.
 */
export function wrapDriverError(error: unknown, label: string, role = "?"): PowerContextError {
  if (error instanceof PowerContextError) return error;
  if (error instanceof pg.DatabaseError && REFUSED_STATES.test(error.code ?? "")) {
    // PostgreSQL's own message names the database or role ("database \"x\" does not exist"), never the password.
    return new PowerContextError(
      "configuration_invalid",
      `PostgreSQL at ${label} refused the connection as role ${role}: ${error.message} (SQLSTATE ${error.code}). ` +
        "Check the host, database and role in POWERCONTEXT_SERVER_DATABASE_URL.",
      { cause: error },
    );
  }
  if (isConnectionFailure(error)) {
    const reason =
      error instanceof Error && error.message !== "" ? error.message : String((error as { code?: unknown }).code);
    return new PowerContextError("runtime_not_ready", `PostgreSQL at ${label} is unreachable: ${reason}`, {
      cause: error,
    });
  }
  const state = error instanceof pg.DatabaseError && error.code ? ` (SQLSTATE ${error.code})` : "";
  return new PowerContextError("internal_error", `The PostgreSQL store failed${state}.`, { cause: error });
}
