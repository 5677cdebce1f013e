// The state package's real-Pi support: the shared RPC client (@powercontext/pi-testing) with only this package's
// extension loaded.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type HermeticHome,
  makeHome as makeSharedHome,
  type PiProcess,
  type PiVersion,
  startPi as startSharedPi,
} from "@powercontext/pi-testing";

export {
  type HermeticHome,
  PI_VERSIONS,
  type PiProcess,
  type PiVersion,
  type RpcEvent,
  type UiResponder,
} from "@powercontext/pi-testing";

export const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const EXTENSION_PATH = join(PACKAGE_DIR, "extensions", "state.ts");

/** A fresh agent dir (models.json → the fake model, retries off), an empty project folder and a session folder. */
export function makeHome(modelBaseUrl: string): HermeticHome {
  return makeSharedHome({ baseUrl: modelBaseUrl, prefix: "pc-state-pi-" });
}

export interface StartOptions {
  version: PiVersion;
  env?: Record<string, string>;
  /** Keep the session in --session-dir (needed for forks); default --no-session. */
  persist?: boolean;
  /** The extension entry to load; default the package's own. */
  extension?: string;
}

export const CRASH_AFTER_FIRST_HEAD_PATH = join(PACKAGE_DIR, "test", "support", "crash-after-first-head.ts");
export const STOP_HOST_PATH = join(PACKAGE_DIR, "test", "support", "stop-host.ts");

export function startPi(
  home: HermeticHome,
  { version, env = {}, persist = false, extension = EXTENSION_PATH }: StartOptions,
): Promise<PiProcess> {
  const session = persist ? ["--session-dir", home.sessionDir] : ["--no-session"];
  const args = [...session, "--no-extensions", "--no-skills", "--no-context-files", "-e", extension];
  return startSharedPi({ version, home, env, args });
}
export const KILL_HOST_PATH = join(PACKAGE_DIR, "test", "support", "kill-host.ts");
