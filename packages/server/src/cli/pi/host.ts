// Where the Pi host is: its executable, its agent directory, its installed package and its self-reported version.
import { accessSync, constants, readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import type { CommandRunner } from "../command-runner.ts";

type Environment = Readonly<Record<string, string | undefined>>;

/** The Pi versions the suite runs against. Any other version is reported as unverified, never as passing. */
export const TESTED_PI_VERSIONS: readonly string[] = ["1.6.0", "0.82.1"];

const HOST_PACKAGE_NAMES = ["@earendil-works/pi-coding-agent", "@mariozechner/pi-coding-agent"];

export interface PiHost {
  /** Absolute path of the executable that is run. */
  executable: string;
  /** The installed host package the executable belongs to, when it can be found. */
  packageDir: string | null;
  packageVersion: string | null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `--pi <path>` when given, else the first `pi` on PATH; null when there is none. */
export function findPiExecutable(env: Environment, explicit?: string): string | null {
  if (explicit !== undefined) {
    const path = resolve(explicit);
    return isExecutable(path) ? path : null;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "pi");
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The host package the executable belongs to (following symlinks), read from its package.json. */
export function describeHost(executable: string): PiHost {
  let dir: string;
  try {
    dir = dirname(realpathSync(executable));
  } catch {
    return { executable, packageDir: null, packageVersion: null };
  }
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (typeof manifest.name === "string" && HOST_PACKAGE_NAMES.includes(manifest.name)) {
        return {
          executable,
          packageDir: dir,
          packageVersion: typeof manifest.version === "string" ? manifest.version : null,
        };
      }
    } catch {
      // no manifest here; keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) return { executable, packageDir: null, packageVersion: null };
    dir = parent;
  }
}

/** Pi's agent directory: PI_CODING_AGENT_DIR (with `~` expanded), else ~/.pi/agent. */
export function piAgentDir(env: Environment): string {
  const home = env.HOME ?? homedir();
  const configured = env.PI_CODING_AGENT_DIR;
  if (configured !== undefined && configured !== "") {
    const expanded =
      configured === "~" ? home : configured.startsWith("~/") ? join(home, configured.slice(2)) : configured;
    return isAbsolute(expanded) ? expanded : resolve(expanded);
  }
  return join(home, ".pi", "agent");
}

/** The environment for running the user's own Pi (install, list, remove): theirs, unchanged. */
export function userPiEnvironment(env: Environment): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) copy[key] = value;
  return copy;
}

export interface SelfReportedVersion {
  /** What `pi --version` printed (trimmed), or null when it failed. Self-reported: unverified. */
  version: string | null;
  detail: string;
}

export async function selfReportedVersion(
  runner: CommandRunner,
  executable: string,
  env: Record<string, string>,
): Promise<SelfReportedVersion> {
  const result = await runner.run(executable, ["--version"], { env, timeoutMs: 30_000 });
  const version = result.stdout.trim().split("\n").at(-1)?.trim() ?? "";
  if (result.code !== 0 || !/^\d+\.\d+\.\d+[\w.+-]*$/.test(version)) {
    return {
      version: null,
      detail: `\`pi --version\` ${result.startError ?? `exited ${result.code}`} without a version`,
    };
  }
  return { version, detail: `${version} (self-reported by \`pi --version\`, unverified)` };
}
