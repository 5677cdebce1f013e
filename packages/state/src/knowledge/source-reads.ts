// Correlation of Pi's own read tool with knowledge candidates and loaded Skills: after a successful read of one of
// them, the bytes on disk are hashed (opaque) and kept as the evidence a later same-path compilation records.
import { lstat, readFile, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { sha256Hex } from "@powercontext/protocol";

/**
 * The canonical path of what Pi's read tool read (its `@` prefix and `~` expanded as Pi does), or null when it is a
 * symlink or not a regular file: a symlinked source is refused, as in discovery.
 */
export async function canonicalReadPath(cwd: string, argument: unknown, home: string): Promise<string | null> {
  if (typeof argument !== "string" || argument === "") return null;
  let path = argument.startsWith("@") ? argument.slice(1) : argument;
  if (path === "~" || path.startsWith("~/")) path = join(home, path.slice(1));
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  try {
    const stat = await lstat(absolute);
    if (!stat.isFile()) return null;
    return join(await realpath(dirname(absolute)), basename(absolute));
  } catch {
    return null;
  }
}

/** sha256 of the file's bytes now, or null when it cannot be read. */
export async function hashFile(path: string): Promise<string | null> {
  try {
    return sha256Hex(await readFile(path));
  } catch {
    return null;
  }
}

/** Canonical paths of the Skills Pi loaded for this run (`systemPromptOptions.skills[].filePath`). */
export async function loadedSkillFiles(systemPromptOptions: unknown): Promise<string[]> {
  const skills = (systemPromptOptions as { skills?: unknown } | undefined)?.skills;
  if (!Array.isArray(skills)) return [];
  const paths: string[] = [];
  for (const skill of skills) {
    const filePath = (skill as { filePath?: unknown }).filePath;
    if (typeof filePath !== "string" || !isAbsolute(filePath)) continue;
    const canonical = await canonicalReadPath("/", filePath, "/");
    if (canonical !== null) paths.push(canonical);
  }
  return paths;
}
