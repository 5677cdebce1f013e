// Reading the store repository's HEAD commit: the loose ref file when there is one (no process), else `rev-parse`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "./git-command.ts";

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export async function readHead(root: string, options: { binary?: string } = {}): Promise<string> {
  const gitDir = join(root, ".git");
  try {
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    const ref = head.startsWith("ref: ") ? readFileSync(join(gitDir, head.slice(5)), "utf8").trim() : head;
    if (OBJECT_ID.test(ref)) return ref;
  } catch {
    // Packed or unusual refs: ask Git.
  }
  const parsed = await runGit(root, ["rev-parse", "--verify", "HEAD"], options);
  return parsed.stdout.toString().trim();
}
