// The default Scope of `powercontext mcp`, by the Pi extension's rules (@powercontext/pi-kit's deriveScope): an
// explicit --scope, else, inside a Git repository, its normalized origin (or the hash of its root when it has none).
// Outside a repository there is no default: a host launched from a home directory should not invent a project.
import { deriveScope, type GitRunner, runGit } from "@powercontext/pi-kit";

export async function projectScope(
  cwd: string,
  { explicit = null, git = runGit }: { explicit?: string | null; git?: GitRunner } = {},
): Promise<string | null> {
  if (explicit !== null && explicit.trim() !== "") return deriveScope(cwd, { explicit, git });
  const top = await git(cwd, ["rev-parse", "--show-toplevel"]);
  return top === null ? null : deriveScope(cwd, { git });
}
