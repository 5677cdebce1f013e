// Runs an external program (git, pi, npm) with captured output: nothing it writes reaches our stdout or stderr.
import { spawn } from "node:child_process";

export interface CommandResult {
  /** Exit code; null when the process was killed (timeout) or could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Set when the program could not be started at all (for example ENOENT). */
  startError?: string;
}

export interface RunOptions {
  cwd?: string;
  /** The complete environment of the child; nothing is inherited implicitly. */
  env: Record<string, string>;
  timeoutMs?: number;
}

/** The one seam to external programs, so tests can inject failures. */
export interface CommandRunner {
  run(command: string, args: readonly string[], options: RunOptions): Promise<CommandResult>;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_OUTPUT_CHARS = 1_000_000;

export const NODE_COMMAND_RUNNER: CommandRunner = {
  run(command, args, { cwd, env, timeoutMs = DEFAULT_TIMEOUT_MS }) {
    return new Promise((resolve) => {
      let stdout = "";
      let stderr = "";
      let settled = false;
      const child = spawn(command, [...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      const finish = (result: CommandResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      child.stdout.on("data", (chunk: Buffer) => {
        if (stdout.length < MAX_OUTPUT_CHARS) stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        if (stderr.length < MAX_OUTPUT_CHARS) stderr += chunk.toString("utf8");
      });
      child.on("error", (error) => finish({ code: null, stdout, stderr, startError: error.message }));
      child.on("close", (code) => finish({ code, stdout, stderr }));
    });
  },
};

/** Only the variables a child needs from ours; everything else is given explicitly. */
export function inheritedEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  keys: readonly string[],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}
