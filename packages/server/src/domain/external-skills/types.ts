// What the domain needs of the host's Skill folders (the real reader is external-skills/skill-folders.ts): a scan of
// the configured roots, and the state of one folder now. Every refusal is a value with a stable reason.
import type { ExternalSkillInstallationScope } from "@powercontext/protocol";

/** Why a folder was refused: outside the configured roots, reached through a symlink that leaves its root, a file too
 * large (SKILL.md over the limit, or the folder over its size or file budget), no readable SKILL.md, or front matter
 * without a usable name and description. */
export type FolderRefusal = "outside_roots" | "symlink_escape" | "too_large" | "missing" | "invalid_front_matter";

export interface SkillFolder {
  /** The folder's real absolute path. */
  locator: string;
  installation_scope: ExternalSkillInstallationScope;
  /** sha256 over the folder's files (relative path and content digest of each, in path order). */
  fingerprint: string;
  /** The SKILL.md text. */
  skill_md: string;
  /** The SKILL.md path. */
  entrypoint: string;
}

export type FolderState = { status: "found"; folder: SkillFolder } | { status: "refused"; reason: FolderRefusal };

export interface FolderScan {
  folders: SkillFolder[];
  /** Folders refused, by reason. */
  skipped: Partial<Record<FolderRefusal, number>>;
}

export interface SkillFolders {
  scan(): Promise<FolderScan>;
  /** The folder at `locator` as it is now, checked as a scan checks it. */
  inspect(locator: string): Promise<FolderState>;
}
