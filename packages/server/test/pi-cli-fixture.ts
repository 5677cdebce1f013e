// Shared fixture of the `setup pi` / `doctor pi` tests: an isolated HOME and Pi agent dir per test, the real CLI as a
// child process, and a temp root whose node_modules lets a copied powercontext-pi resolve @powercontext/protocol.
import { execFile } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BIN_PATH } from "../src/testing/server-process.ts";
import { HERMETIC_ENV, PACKAGE_DIR } from "../../pi/test/support/pi-rpc.ts";

export { PACKAGE_DIR, PI_VERSIONS } from "../../pi/test/support/pi-rpc.ts";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const BIN_DIR = join(REPO_ROOT, "node_modules", ".bin");

export interface PiCliFixture {
  root: string;
  home: string;
  agentDir: string;
  dataDir: string;
  /** Directories put first on PATH (for a fake `pi`). */
  pathPrefix: string[];
  env(): Record<string, string>;
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  settingsPackages(): unknown[];
  /** A copy of packages/pi under the root (its dependencies resolve through the root's node_modules). */
  copyPackage(name: string): string;
  remove(): void;
}

/**
 * `workspaceLinks: false` leaves out the root's node_modules, so nothing under the root resolves
 * @powercontext/protocol unless a package brings its own copy.
 */
export function createFixture({ workspaceLinks = true }: { workspaceLinks?: boolean } = {}): PiCliFixture {
  const root = mkdtempSync(join(tmpdir(), "pc-setup-pi-"));
  const home = join(root, "home");
  const agentDir = join(home, ".pi", "agent");
  const dataDir = join(root, "data");
  mkdirSync(agentDir, { recursive: true });
  // What `npm install` in a checkout provides: the workspace packages powercontext-pi depends on.
  if (workspaceLinks) {
    mkdirSync(join(root, "node_modules", "@powercontext"), { recursive: true });
    for (const name of ["protocol", "pi-kit"])
      symlinkSync(join(REPO_ROOT, "packages", name), join(root, "node_modules", "@powercontext", name));
  }
  const fixture: PiCliFixture = {
    root,
    home,
    agentDir,
    dataDir,
    pathPrefix: [],
    env: () => ({
      PATH: [...fixture.pathPrefix, dirname(process.execPath), BIN_DIR, process.env.PATH ?? ""].join(delimiter),
      HOME: home,
      PI_CODING_AGENT_DIR: agentDir,
      POWERCONTEXT_HOME: dataDir,
      ...HERMETIC_ENV,
    }),
    cli: (args) =>
      new Promise((resolve) => {
        execFile(
          process.execPath,
          ["--disable-warning=ExperimentalWarning", BIN_PATH, ...args],
          { env: fixture.env(), cwd: root, timeout: 120_000 },
          (error, stdout, stderr) => {
            const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
            resolve({ code, stdout, stderr });
          },
        );
      }),
    settingsPackages: () => {
      try {
        return (
          (JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")) as { packages?: unknown[] }).packages ?? []
        );
      } catch {
        return [];
      }
    },
    copyPackage: (name) => {
      const target = join(root, name);
      cpSync(PACKAGE_DIR, target, {
        recursive: true,
        filter: (source) =>
          !source.includes(`${PACKAGE_DIR}/node_modules`) && !source.startsWith(join(PACKAGE_DIR, "test")),
      });
      return target;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  return fixture;
}

/** Writes an executable script named `pi` into a fresh directory and returns that directory. */
export function writeFakePi(root: string, script: string): string {
  const dir = mkdtempSync(join(root, "fake-pi-"));
  const path = join(dir, "pi");
  writeFileSync(path, `#!/usr/bin/env node\n${script}`);
  chmodSync(path, 0o755);
  return dir;
}

export const REAL_PI = join(BIN_DIR, "pi");
