// Makes a fetched powercontext-pi self-contained, so its checkout needs no `npm install`: the workspace packages it
// imports (`@powercontext/protocol`, `@powercontext/pi-kit`, and what they import in turn) are copied from the same
// checkout into the package's own node_modules. What Pi provides (the package's peer dependencies, TypeBox among them)
// is left to Pi. The copy lives inside the checkout, so the swap's rename carries it along.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { resolvesFrom } from "./package-check.ts";

export interface VendorResult {
  /** The workspace packages copied into `<packageDir>/node_modules`. */
  vendored: string[];
  /** Runtime dependencies that are neither in the workspace, nor provided by Pi, nor resolvable inside the checkout. */
  unresolved: string[];
}

interface Manifest {
  name?: unknown;
  workspaces?: unknown;
  files?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    return null;
  }
}

/** The checkout's workspace packages by name, from the root manifest's `workspaces` (plain paths and `dir/*`). */
export function workspacePackages(checkout: string): Map<string, string> {
  const patterns = readManifest(checkout)?.workspaces;
  const found = new Map<string, string>();
  if (!Array.isArray(patterns)) return found;
  for (const pattern of patterns) {
    if (typeof pattern !== "string") continue;
    const dirs = pattern.endsWith("/*")
      ? subdirectories(join(checkout, pattern.slice(0, -2)))
      : [join(checkout, pattern)];
    for (const dir of dirs) {
      const name = readManifest(dir)?.name;
      if (typeof name === "string") found.set(name, dir);
    }
  }
  return found;
}

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name));
  } catch {
    return [];
  }
}

/** What a package publishes: its manifest, README and `files` (default `src`), without tests. */
function copyPublishedFiles(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  const files = readManifest(from)?.files;
  const entries = Array.isArray(files) ? files.filter((item): item is string => typeof item === "string") : ["src"];
  for (const entry of new Set(["package.json", "README.md", ...entries])) {
    const source = join(from, entry);
    if (!existsSync(source)) continue;
    cpSync(source, join(to, entry), {
      recursive: true,
      filter: (path) => !path.endsWith(".test.ts") && !path.split(/[\\/]/).includes("node_modules"),
    });
  }
}

/**
 * Copies the workspace packages `packageDir` needs (transitively) from `checkout` into `packageDir/node_modules`.
 * Idempotent: a copy already there is replaced.
 */
export function vendorWorkspaceDependencies(checkout: string, packageDir: string): VendorResult {
  const workspace = workspacePackages(checkout);
  const root = readManifest(packageDir);
  const hostProvided = new Set(Object.keys(root?.peerDependencies ?? {}));
  const pending = Object.keys(root?.dependencies ?? {});
  const seen = new Set<string>();
  const result: VendorResult = { vendored: [], unresolved: [] };
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    if (seen.has(name) || hostProvided.has(name)) continue;
    seen.add(name);
    const source = workspace.get(name);
    if (source !== undefined) {
      copyPublishedFiles(source, join(packageDir, "node_modules", name));
      result.vendored.push(name);
      pending.push(...Object.keys(readManifest(source)?.dependencies ?? {}));
    } else if (!resolvesFrom(packageDir, name, checkout)) result.unresolved.push(name);
  }
  return result;
}
