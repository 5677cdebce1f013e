// The host's Skill folders under the configured roots (the domain's SkillFolders): a bounded walk of each root for
// folders holding a SKILL.md, each checked before it is read. Every path is resolved to its real path and must stay
// inside its root's real path, so a symlink that leaves the root is refused (`symlink_escape`) and never followed;
// SKILL.md and the folder have size budgets (`too_large`). Nothing is written.
import { createHash } from "node:crypto";
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { ExternalSkillInstallationScope } from "@powercontext/protocol";
import { parseSkillDocument } from "../domain/external-skills/front-matter.ts";
import type { FolderRefusal, FolderScan, FolderState, SkillFolders } from "../domain/external-skills/types.ts";

export interface SkillRoot {
  path: string;
  scope: ExternalSkillInstallationScope;
}

/** SKILL.md is at most this large (it becomes a Source, whose content is at most 200,000 code points). */
export const MAX_SKILL_MD_BYTES = 128 * 1024;
/** A Skill folder holds at most this many files and bytes in all (scripts and references included). */
export const MAX_FOLDER_FILES = 256;
export const MAX_FOLDER_BYTES = 8 * 1024 * 1024;
/** How deep under a root the walk looks for Skill folders, and how many directories it visits at most. */
const MAX_DEPTH = 4;
const MAX_DIRECTORIES = 2000;

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

async function realOrNull(path: string): Promise<string | null> {
  return realpath(path).catch(() => null);
}

class Refused extends Error {
  readonly reason: FolderRefusal;
  constructor(reason: FolderRefusal) {
    super(reason);
    this.reason = reason;
  }
}

/** The folder's files, relative path → real path, refusing symlinks out of `root` and folders over budget. */
async function listFiles(root: string, folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let bytes = 0;
  const visit = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      const real = await realOrNull(path);
      if (real === null) continue;
      if (!inside(root, real)) throw new Refused("symlink_escape");
      const info = await stat(real);
      if (info.isDirectory()) {
        if (!entry.isSymbolicLink()) await visit(path);
        continue;
      }
      if (!info.isFile()) continue;
      bytes += info.size;
      files.set(relative(folder, path).split(sep).join("/"), real);
      if (files.size > MAX_FOLDER_FILES || bytes > MAX_FOLDER_BYTES) throw new Refused("too_large");
    }
  };
  await visit(folder);
  return files;
}

async function fingerprintOf(files: Map<string, string>): Promise<string> {
  const hash = createHash("sha256");
  for (const name of [...files.keys()].sort()) {
    const content = await readFile(files.get(name) ?? "");
    hash.update(`${name}\0${createHash("sha256").update(content).digest("hex")}\n`);
  }
  return hash.digest("hex");
}

/** One Skill folder checked and read; `root` is its root's real path. Never throws: a file that cannot be read (gone
 * meanwhile, no permission) makes the folder `missing`. */
async function inspectFolder(root: SkillRoot & { real: string }, folder: string): Promise<FolderState> {
  try {
    return await readFolder(root, folder);
  } catch (error) {
    return { status: "refused", reason: error instanceof Refused ? error.reason : "missing" };
  }
}

async function readFolder(root: SkillRoot & { real: string }, folder: string): Promise<FolderState> {
  const real = await realOrNull(folder);
  if (real === null) return { status: "refused", reason: "missing" };
  if (!inside(root.real, real)) return { status: "refused", reason: "symlink_escape" };
  const entrypoint = join(real, "SKILL.md");
  const skillReal = await realOrNull(entrypoint);
  if (skillReal === null) return { status: "refused", reason: "missing" };
  if (!inside(root.real, skillReal)) return { status: "refused", reason: "symlink_escape" };
  if ((await stat(skillReal)).size > MAX_SKILL_MD_BYTES) return { status: "refused", reason: "too_large" };
  const files = await listFiles(root.real, real);
  const skill_md = await readFile(skillReal, "utf8");
  if (parseSkillDocument(skill_md) === null) return { status: "refused", reason: "invalid_front_matter" };
  const fingerprint = await fingerprintOf(files);
  return {
    status: "found",
    folder: { locator: real, installation_scope: root.scope, fingerprint, skill_md, entrypoint },
  };
}

/** The candidate Skill folders under a root: directories holding a SKILL.md, not descending into one once found. */
async function findFolders(root: string, scan: FolderScan): Promise<string[]> {
  const found: string[] = [];
  const queue: Array<{ path: string; depth: number }> = [{ path: root, depth: 0 }];
  for (let visited = 0; queue.length > 0 && visited < MAX_DIRECTORIES; visited += 1) {
    const { path, depth } = queue.shift() ?? { path: root, depth: 0 };
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    if (entries.some((entry) => entry.name === "SKILL.md")) {
      found.push(path);
      continue;
    }
    if (depth >= MAX_DEPTH) continue;
    for (const entry of entries) {
      if (entry.name.startsWith(".") && entry.name !== ".pi" && entry.name !== ".agents") continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) queue.push({ path: child, depth: depth + 1 });
      else if (entry.isSymbolicLink()) {
        const real = await realOrNull(child);
        const isDirectory = real !== null && (await lstat(real).catch(() => null))?.isDirectory() === true;
        if (isDirectory && !inside(root, real)) count(scan, "symlink_escape");
        else if (isDirectory) queue.push({ path: child, depth: depth + 1 });
      }
    }
  }
  return found;
}

function count(scan: FolderScan, reason: FolderRefusal): void {
  scan.skipped[reason] = (scan.skipped[reason] ?? 0) + 1;
}

export function createSkillFolders(roots: readonly SkillRoot[]): SkillFolders {
  const realRoots = async () => {
    const resolved = await Promise.all(roots.map(async (root) => ({ ...root, real: await realOrNull(root.path) })));
    return resolved.filter((root): root is SkillRoot & { real: string } => root.real !== null);
  };
  return {
    async scan() {
      const scan: FolderScan = { folders: [], skipped: {} };
      for (const root of await realRoots()) {
        for (const folder of await findFolders(root.real, scan)) {
          const state = await inspectFolder(root, folder);
          if (state.status === "found") scan.folders.push(state.folder);
          else count(scan, state.reason);
        }
      }
      return scan;
    },
    async inspect(locator) {
      // The root is chosen by the path as written, so a folder that now links out of it is a symlink escape.
      const path = resolve(locator);
      const root = (await realRoots()).find(
        (candidate) => inside(candidate.real, path) || inside(resolve(candidate.path), path),
      );
      if (!root) return { status: "refused", reason: "outside_roots" };
      return inspectFolder(root, path);
    },
  };
}
