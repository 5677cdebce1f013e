// The Pi package's real-Pi support: the shared RPC client (@powercontext/pi-testing) loading this package's
// extension, and print mode.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type HermeticHome,
  hostEnvironment,
  makeHome as makeSharedHome,
  type PiProcess,
  type PiVersion,
  startPi as startSharedPi,
} from "@powercontext/pi-testing";

export {
  HERMETIC_ENV,
  type HermeticHome,
  PI_VERSIONS,
  type PiProcess,
  type PiVersion,
  type RpcEvent,
  type UiResponder,
} from "@powercontext/pi-testing";

export const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const EXTENSION_PATH = join(PACKAGE_DIR, "extensions", "powercontext.ts");

/** A fresh agent dir (models.json → the fake model, retries off) and an empty project folder. */
export function makeHome(modelBaseUrl: string, settings: Record<string, unknown> = {}): HermeticHome {
  return makeSharedHome({ baseUrl: modelBaseUrl, prefix: "pc-pi-", settings });
}

export interface StartOptions {
  version: PiVersion;
  home: HermeticHome;
  env?: Record<string, string>;
  /** Extra CLI arguments; the default loads only our extension, with no skills and no session file. */
  args?: string[];
}

const DEFAULT_ARGS = ["--no-session", "--no-extensions", "--no-skills", "-e", EXTENSION_PATH];

export function startPi({ version, home, env = {}, args = DEFAULT_ARGS }: StartOptions): Promise<PiProcess> {
  return startSharedPi({ version, home, env, args });
}

export const PROBE_EXTENSION_PATH = join(PACKAGE_DIR, "test", "support", "probe-extension.ts");

export const FLUSH_ON_CAPTURE_PATH = join(PACKAGE_DIR, "test", "support", "flush-on-capture.ts");

/** Our extension (or a test entry of it), then the probe; no built-in extensions, no skills, no session file. */
export function probedArgs(extension = EXTENSION_PATH): string[] {
  return ["--no-session", "--no-extensions", "--no-skills", "-e", extension, "-e", PROBE_EXTENSION_PATH];
}

export interface PrintRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pi -p <message>` (print mode: no UI) to completion. */
export async function runPrint({
  version,
  home,
  env = {},
  message,
  args,
}: {
  version: PiVersion;
  home: HermeticHome;
  env?: Record<string, string>;
  message: string;
  args?: string[];
}): Promise<PrintRun> {
  const cliArgs = args ?? DEFAULT_ARGS;
  const child = spawn(process.execPath, [version.cli, "-p", message, "--model", "fake/fake-model", ...cliArgs], {
    cwd: home.cwd,
    env: hostEnvironment(home, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

/** Parses the JSON a `/pc` run showed through ui.notify (RPC). */
export function lastNotify(pi: PiProcess, from = 0): { message: string; type: unknown } | null {
  for (let index = pi.events.length - 1; index >= from; index -= 1) {
    const event = pi.events[index];
    if (event?.type === "extension_ui_request" && event.method === "notify")
      return { message: String(event.message), type: event.notifyType };
  }
  return null;
}
