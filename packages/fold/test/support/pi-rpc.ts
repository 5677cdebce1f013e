// The fold package's real-Pi support: the shared RPC client (@powercontext/pi-testing) with only this package's
// extension loaded (and whatever `args` add), and `/fold` as its command.
import { fileURLToPath } from "node:url";
import {
  type HermeticHome,
  LATEST_PI,
  makeHome as makeSharedHome,
  type PiProcess as SharedPiProcess,
  type PiVersion,
  startPi as startSharedPi,
} from "@powercontext/pi-testing";

export { type HermeticHome, LATEST_PI, PI_VERSIONS, type PiVersion, type RpcEvent } from "@powercontext/pi-testing";

export const EXTENSION_PATH = fileURLToPath(new URL("../../extensions/fold.ts", import.meta.url));

export interface PiProcess extends Omit<SharedPiProcess, "command"> {
  /** Runs `/fold <args>` and returns the JSON it showed through ui.notify. */
  command(args: string): Promise<Record<string, unknown>>;
}

export interface HomeOptions {
  baseUrl: string;
  contextWindow: number;
  maxTokens: number;
  settings?: Record<string, unknown>;
  files?: Record<string, string>;
  /** The model's `compat` flags (`{ supportsMidConvoSystemMessages: true }` keeps section patches in place). */
  compat?: Record<string, unknown>;
}

export function makeHome(options: HomeOptions): HermeticHome {
  return makeSharedHome({ ...options, prefix: "pc-fold-" });
}

export async function startPi(
  home: HermeticHome,
  args: string[],
  version: PiVersion = LATEST_PI,
  env: Record<string, string> = {},
): Promise<PiProcess> {
  const pi = await startSharedPi({
    version,
    home,
    args: ["--no-extensions", "--no-skills", "--no-context-files", ...args],
    env,
  });
  const command = pi.command;
  return Object.assign(pi, { command: (text: string) => command(`/fold ${text} --json`) });
}
