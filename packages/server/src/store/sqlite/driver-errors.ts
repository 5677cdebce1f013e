// Driver errors become ours, once, at the adapter boundary, and name the database file: a database that another
// connection keeps locked is `runtime_not_ready` (503, worth retrying); anything else is `internal_error`.
import { PowerContextError } from "../../errors.ts";

/** SQLite's primary result codes for a lock another connection holds: SQLITE_BUSY, SQLITE_LOCKED. */
const LOCKED_CODES = new Set([5, 6]);
/** SQLite's primary result codes for a file this process may not open or write: SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN. */
const ACCESS_CODES = new Set([3, 8, 14]);

/** What node:sqlite throws for a failed SQLite call. */
interface SqliteDriverError extends Error {
  /** SQLite's extended result code; its low byte is the primary code. */
  errcode: number;
  /** SQLite's generic description of the code; unlike some messages it never quotes stored values. */
  errstr: string;
}

function isDriverError(error: unknown): error is SqliteDriverError {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === "ERR_SQLITE_ERROR" && typeof errcode === "number";
}

/** Our errors pass through; anything else is wrapped with the original as `cause`. `path` is the database file. */
export function wrapDriverError(error: unknown, path: string): PowerContextError {
  if (error instanceof PowerContextError) return error;
  if (!isDriverError(error)) {
    return new PowerContextError("internal_error", `The SQLite store at ${path} failed.`, { cause: error });
  }
  const code = error.errcode & 0xff;
  const reason = error.errstr === "" ? error.message : error.errstr;
  if (LOCKED_CODES.has(code)) {
    return new PowerContextError("runtime_not_ready", `The SQLite database ${path} is locked: ${reason}.`, {
      cause: error,
    });
  }
  if (ACCESS_CODES.has(code)) {
    return new PowerContextError(
      "internal_error",
      `The SQLite database ${path} cannot be opened for writing: ${reason} (check that its directory exists and that this user may write to it).`,
      { cause: error },
    );
  }
  return new PowerContextError("internal_error", `The SQLite database ${path} failed: ${reason}.`, { cause: error });
}
