// Scope identity: the storage key of each scope of a Pi session, and the directory it lives in.
import { sha256Hex } from "@powercontext/protocol";
import type { ScopeName, ViewKeys } from "./types.ts";

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The cwd key mirrors Pi's session-folder encoding (`--path-with-dashes--`), shortened, plus a hash of the exact
 * path, so `/a/b` and `/a-b` never share a scope.
 */
export function cwdKey(cwd: string): string {
  const readable = `--${cwd.replace(/^[/\\]+/, "").replace(/[/\\:]/g, "-")}--`
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .slice(0, 80);
  return `${readable}${sha256Hex(cwd).slice(0, 16)}`;
}

/** Pi's session UUID when it is a safe file name; otherwise its hash. */
export function sessionKey(sessionId: string): string {
  return SAFE_KEY.test(sessionId) ? sessionId : `sha256-${sha256Hex(sessionId)}`;
}

export function viewKeys(cwd: string, sessionId: string): ViewKeys {
  return { global: "global", cwd: cwdKey(cwd), session: sessionKey(sessionId) };
}

/** Every scope file lives in this one directory, so one directory fsync covers a multi-scope publication. */
export const SCOPES_DIRECTORY = "scopes";

/** File name of a scope inside SCOPES_DIRECTORY. */
export function scopeFileName(scope: ScopeName, key: string): string {
  return scope === "global" ? "global.json" : `${scope}.${key}.json`;
}
