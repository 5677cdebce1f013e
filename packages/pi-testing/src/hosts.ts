// The Pi hosts the real-Pi suites run against. By default (and in CI) two: the latest Pi and the version the seed
// locks, both installed by `npm install` as devDependencies (the older one under the npm alias
// `pi-coding-agent-0821`). Any other version of the host matrix is installed on demand into a cache directory by
// `npm run pi-matrix -- <version>`, which sets POWERCONTEXT_PI_HOST so the suites run against that version alone.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

export interface PiVersion {
  name: string;
  cli: string;
}

/** Every Pi version the matrix knows, newest first. CI runs the first and the one the seed locks (0.82.1). */
export const PI_HOST_MATRIX: readonly string[] = [
  "1.6.0",
  "1.5.2",
  "1.4.0",
  "1.3.0",
  "1.0.3",
  "0.99.1",
  "0.87.1",
  "0.87.0",
  "0.86.1",
  "0.85.1",
  "0.84.4",
  "0.83.0",
  "0.82.1",
];

/** The npm alias each matrix version is installed under: `pi-coding-agent-0821` for 0.82.1. */
export function hostAlias(version: string): string {
  return `pi-coding-agent-${version.replaceAll(".", "")}`;
}

/** Where `npm run pi-matrix` installs a version that is not a devDependency (inside node_modules, so never committed). */
export const HOST_CACHE = fileURLToPath(new URL("../../../node_modules/.cache/pi-hosts/", import.meta.url));

/** The CLI of an installed host package: `dist/bundle/cli.js` from 0.87 on, `dist/cli.js` before. */
export function hostCli(packageDir: string): string {
  const bundled = join(packageDir, "dist", "bundle", "cli.js");
  return existsSync(bundled) ? bundled : join(packageDir, "dist", "cli.js");
}

/** The package directory of a cached matrix version. */
export function cachedHostDir(version: string): string {
  return join(HOST_CACHE, version, "node_modules", "@earendil-works", "pi-coding-agent");
}

const installedDir = (specifier: string) => dirname(dirname(fileURLToPath(import.meta.resolve(specifier))));

const CI_VERSIONS: readonly PiVersion[] = [
  { name: "1.6.0", cli: hostCli(installedDir("@earendil-works/pi-coding-agent")) },
  { name: "0.82.1", cli: hostCli(installedDir("pi-coding-agent-0821")) },
];

function chosenHosts(): readonly PiVersion[] {
  const chosen = process.env.POWERCONTEXT_PI_HOST?.trim();
  if (chosen === undefined || chosen === "") return CI_VERSIONS;
  const installed = CI_VERSIONS.find((version) => version.name === chosen);
  if (installed !== undefined) return [installed];
  const dir = cachedHostDir(chosen);
  if (!existsSync(dir)) throw new Error(`Pi ${chosen} is not installed; run: npm run pi-matrix -- ${chosen}`);
  return [{ name: chosen, cli: hostCli(dir) }];
}

export const PI_VERSIONS: readonly PiVersion[] = chosenHosts();

export const LATEST_PI = PI_VERSIONS[0] as PiVersion;

/** Whether `version` is `minimum` or later (plain x.y.z versions). */
export function atLeast(version: PiVersion | string, minimum: string): boolean {
  const parts = (text: string) => text.split(".").map(Number);
  const [left, right] = [parts(typeof version === "string" ? version : version.name), parts(minimum)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** Pi 0.86 and later build the system prompt from named sections that an extension can change. */
export const hasPromptSections = (version: PiVersion): boolean => atLeast(version, "0.86.0");

/** The host package's directory: the one above `dist` in its CLI path. */
const packageDirOf = (version: PiVersion): string => version.cli.slice(0, version.cli.lastIndexOf(`${sep}dist${sep}`));

/**
 * Whether the host ships Pi's own MCP client (`pi mcp add`, `-e builtin:mcp`): it depends on @earendil-works/pi-mcp.
 * An older host reads `pi mcp add …` as a prompt and waits for a model, so a suite that needs it asks first.
 */
export function hasBuiltinMcp(version: PiVersion): boolean {
  const manifest = JSON.parse(readFileSync(join(packageDirOf(version), "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  return manifest.dependencies?.["@earendil-works/pi-mcp"] !== undefined;
}
