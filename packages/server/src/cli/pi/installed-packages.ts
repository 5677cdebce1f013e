// The user-scoped packages of the Pi settings file and which of them are PowerContext (`powercontext-pi`).
import { readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

export const PI_PACKAGE_NAME = "powercontext-pi";

export interface PiPackageEntry {
  /** The source as stored in settings.json. */
  source: string;
  /** The absolute directory of a local source; null for npm:/git:/URL sources. */
  dir: string | null;
  /** The `name` of the package.json in `dir`, or null when it cannot be read. */
  name: string | null;
}

const REMOTE_SOURCE = /^(npm:|git:|https?:\/\/|ssh:\/\/|git@)/;

function sourceOf(entry: unknown): string | null {
  if (typeof entry === "string") return entry;
  if (typeof entry === "object" && entry !== null && "source" in entry && typeof entry.source === "string")
    return entry.source;
  return null;
}

export function readPackageName(dir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown };
    return typeof manifest.name === "string" ? manifest.name : null;
  } catch {
    return null;
  }
}

/** Local sources are stored relative to the settings file, which lives in the agent directory. */
export function resolveLocalSource(agentDir: string, source: string): string | null {
  if (REMOTE_SOURCE.test(source)) return null;
  return isAbsolute(source) ? source : resolve(agentDir, source);
}

/** The entries of `<agentDir>/settings.json` → `packages`; an absent or unreadable file has none. */
export function readUserPackages(agentDir: string): PiPackageEntry[] {
  let settings: unknown;
  try {
    settings = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"));
  } catch {
    return [];
  }
  const packages =
    typeof settings === "object" && settings !== null && "packages" in settings ? settings.packages : undefined;
  if (!Array.isArray(packages)) return [];
  const entries: PiPackageEntry[] = [];
  for (const item of packages) {
    const source = sourceOf(item);
    if (source === null) continue;
    const dir = resolveLocalSource(agentDir, source);
    entries.push({ source, dir, name: dir === null ? null : readPackageName(dir) });
  }
  return entries;
}

/** PowerContext registrations other than `keepDir`: the ones a successful setup supersedes. */
export function supersededRegistrations(entries: readonly PiPackageEntry[], keepDir: string): PiPackageEntry[] {
  return entries.filter(
    (entry) => entry.name === PI_PACKAGE_NAME && entry.dir !== null && resolve(entry.dir) !== resolve(keepDir),
  );
}

export interface ListedPackage {
  source: string;
  /** The resolved path Pi printed under the source, when it printed one. */
  path: string | null;
  scope: "user" | "project";
}

/**
 * Parses `pi list`: a "User packages:" / "Project packages:" heading, each source indented two spaces and its resolved
 * path (when local) indented four.
 */
export function parsePiList(stdout: string): ListedPackage[] {
  const listed: ListedPackage[] = [];
  let scope: ListedPackage["scope"] | null = null;
  for (const line of stdout.split("\n")) {
    if (/^User packages:/i.test(line)) scope = "user";
    else if (/^Project packages:/i.test(line)) scope = "project";
    else if (scope !== null && /^ {4}\S/.test(line)) {
      const last = listed.at(-1);
      if (last !== undefined && last.path === null) last.path = line.trim();
    } else if (scope !== null && /^ {2}\S/.test(line)) listed.push({ source: line.trim(), path: null, scope });
  }
  return listed;
}
