// Environment → one validated StateConfig, read once when the extension loads. Switches take the shared words of
// @powercontext/pi-kit (1/true/yes/on, 0/false/no/off).
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { createEnvReader, type Environment } from "@powercontext/pi-kit";
import { StateError } from "./errors.ts";
import { isMode, type Mode } from "./modes.ts";

export interface StateConfig {
  /** Pi's agent directory (PI_CODING_AGENT_DIR, else ~/.pi/agent). */
  agentDir: string;
  /** The store: <agentDir>/powercontext-state unless POWERCONTEXT_STATE_DIR names another absolute path. */
  root: string;
  /** The mode of a session that never chose one. */
  defaultMode: Mode;
  /** One local Git commit of the store per accepted turn. */
  gitBackup: boolean;
}

export const ENVIRONMENT = {
  POWERCONTEXT_STATE_DIR: "<agentDir>/powercontext-state",
  POWERCONTEXT_STATE_MODE: "active",
  POWERCONTEXT_STATE_GIT_BACKUP: "false",
} as const;

/** Reads the package's environment variables. Throws a `configuration_invalid` StateError on any invalid value. */
export function loadConfig(env: Environment): StateConfig {
  const { text, flag } = createEnvReader(env, (message) => new StateError("configuration_invalid", message));
  const agentDir = resolve(text("PI_CODING_AGENT_DIR") ?? join(homedir(), ".pi", "agent"));
  const dir = text("POWERCONTEXT_STATE_DIR");
  if (dir !== null && !isAbsolute(dir))
    throw new StateError("configuration_invalid", "POWERCONTEXT_STATE_DIR must be an absolute path.");
  const mode = text("POWERCONTEXT_STATE_MODE") ?? "active";
  if (!isMode(mode))
    throw new StateError("configuration_invalid", "POWERCONTEXT_STATE_MODE must be active, passive or off.");
  return {
    agentDir,
    root: dir ?? join(agentDir, "powercontext-state"),
    defaultMode: mode,
    gitBackup: flag("POWERCONTEXT_STATE_GIT_BACKUP", false),
  };
}
