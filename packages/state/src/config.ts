// Environment → one validated StateConfig, read once when the extension loads.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
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
  /** Test seam: `kill-after-first-head` SIGKILLs the process inside a multi-scope publication. */
  fault: "kill-after-first-head" | null;
}

export const ENVIRONMENT = {
  POWERCONTEXT_STATE_DIR: "<agentDir>/powercontext-state",
  POWERCONTEXT_STATE_MODE: "active",
  POWERCONTEXT_STATE_GIT_BACKUP: "false",
} as const;

type Environment = Readonly<Record<string, string | undefined>>;

function text(env: Environment, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function loadConfig(env: Environment): StateConfig {
  const agentDir = resolve(text(env, "PI_CODING_AGENT_DIR") ?? join(homedir(), ".pi", "agent"));
  const dir = text(env, "POWERCONTEXT_STATE_DIR");
  if (dir !== null && !isAbsolute(dir))
    throw new StateError("configuration_invalid", "POWERCONTEXT_STATE_DIR must be an absolute path.");
  const mode = text(env, "POWERCONTEXT_STATE_MODE") ?? "active";
  if (!isMode(mode))
    throw new StateError("configuration_invalid", "POWERCONTEXT_STATE_MODE must be active, passive or off.");
  const git = (text(env, "POWERCONTEXT_STATE_GIT_BACKUP") ?? "false").toLowerCase();
  if (!["true", "false", "1", "0"].includes(git))
    throw new StateError("configuration_invalid", "POWERCONTEXT_STATE_GIT_BACKUP must be true or false.");
  const fault = text(env, "POWERCONTEXT_STATE_FAULT");
  if (fault !== null && fault !== "kill-after-first-head")
    throw new StateError("configuration_invalid", "POWERCONTEXT_STATE_FAULT is a test seam: kill-after-first-head.");
  return {
    agentDir,
    root: dir ?? join(agentDir, "powercontext-state"),
    defaultMode: mode,
    gitBackup: git === "true" || git === "1",
    fault,
  };
}
