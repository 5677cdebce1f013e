// Verifies a powercontext-pi directory before it is installed: the name, the extension, the bundled SKILL.md and that
// its runtime dependencies resolve (an extension that cannot load would stop Pi from starting).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PI_PACKAGE_NAME } from "../installed-packages.ts";

export interface PackageCheck {
  ok: boolean;
  problems: string[];
  /** Runtime dependencies that do not resolve from the package directory. */
  unresolved: string[];
}

interface Manifest {
  name?: unknown;
  pi?: { extensions?: unknown };
  dependencies?: Record<string, string>;
}

/** Node's lookup: node_modules/<name> in the directory or any parent (up to `root` when given). */
export function resolvesFrom(dir: string, name: string, root?: string): boolean {
  let current = resolve(dir);
  const top = root === undefined ? null : resolve(root);
  for (;;) {
    if (existsSync(join(current, "node_modules", name, "package.json"))) return true;
    const parent = dirname(current);
    if (parent === current || current === top) return false;
    current = parent;
  }
}

export function checkPackage(dir: string): PackageCheck {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    return { ok: false, problems: [`${dir}/package.json is missing or not JSON`], unresolved: [] };
  }
  const problems: string[] = [];
  if (manifest.name !== PI_PACKAGE_NAME)
    problems.push(`the package is named ${JSON.stringify(manifest.name)}, not ${PI_PACKAGE_NAME}`);
  const extensions = Array.isArray(manifest.pi?.extensions)
    ? manifest.pi.extensions.filter((item): item is string => typeof item === "string")
    : [];
  if (extensions.length === 0) problems.push("the manifest declares no pi.extensions");
  for (const extension of extensions)
    if (!existsSync(join(dir, extension))) problems.push(`the extension ${extension} is missing`);
  const skill = join(dir, "skills", "project-context", "SKILL.md");
  if (!existsSync(skill)) problems.push("the bundled skills/project-context/SKILL.md is missing");
  else if (!/^---\nname: project-context\ndescription: /.test(readFileSync(skill, "utf8")))
    problems.push("the bundled SKILL.md has no project-context frontmatter");
  const unresolved = Object.keys(manifest.dependencies ?? {}).filter((name) => !resolvesFrom(dir, name));
  return { ok: problems.length === 0 && unresolved.length === 0, problems, unresolved };
}

/** The problems of a package in one sentence; `dir` null means no package was found in the checkout at all. */
export function describePackageProblems(
  dir: string | null,
  problems: readonly string[],
  unresolved: readonly string[],
): string {
  if (dir === null) return "the checkout holds no powercontext-pi package (at its root or in packages/pi)";
  const all = [...problems];
  if (unresolved.length > 0)
    all.push(
      `the dependencies ${unresolved.join(", ")} do not resolve from ${dir} (run \`npm install --omit=dev\` in the checkout; setup does not install dependencies)`,
    );
  return all.join("; ");
}
