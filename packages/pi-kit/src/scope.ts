// The Scope of a working directory, as every PowerContext client derives it: an explicit id, else the normalized Git
// origin of the repository, else local:sha256(project root). The Pi extension and `powercontext mcp` both use it, so
// a project has one Scope whichever host works in it.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { codePointLength, sha256Hex } from "@powercontext/protocol";
import { normalizeGitRemote } from "./git-remote.ts";

export const MAX_SCOPE_LENGTH = 256;
const GIT_TIMEOUT_MS = 2_000;

/** Runs `git <args>` in `cwd`; resolves trimmed stdout, or null when git fails, is absent or prints nothing. */
export type GitRunner = (cwd: string, args: readonly string[]) => Promise<string | null>;

export const runGit: GitRunner = (cwd, args) =>
  new Promise((finish) => {
    execFile("git", [...args], { cwd, timeout: GIT_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      const output = error === null ? String(stdout).trim() : "";
      finish(output === "" ? null : output);
    });
  });

function bounded(prefix: string, value: string): string {
  const candidate = prefix === "" ? value : `${prefix}:${value}`;
  if (codePointLength(candidate) <= MAX_SCOPE_LENGTH) return candidate;
  return prefix === "" ? `sha256:${sha256Hex(value)}` : `${prefix}:sha256:${sha256Hex(value)}`;
}

/** Derives the Scope of `cwd`. Never throws for a missing repository or git binary; it falls back to the path. */
export async function deriveScope(
  cwd: string,
  { explicit = null, git = runGit }: { explicit?: string | null; git?: GitRunner } = {},
): Promise<string> {
  if (explicit !== null && explicit.trim() !== "") return bounded("", explicit);
  const top = await git(cwd, ["rev-parse", "--show-toplevel"]);
  const root = resolve(cwd, top ?? ".");
  const remote = await git(root, ["config", "--get", "remote.origin.url"]);
  const identity = remote === null ? null : normalizeGitRemote(remote);
  if (identity !== null) return bounded("git", identity);
  return `local:${sha256Hex(root)}`;
}
