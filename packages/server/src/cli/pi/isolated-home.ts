// A throw-away home for one Pi run: its own HOME, temp dir, cwd and agent dir, offline, no telemetry; and the Pi RPC
// process started inside it by the preflight and the capability probes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PiRpc, startPiRpc } from "@powercontext/pi-kit";
import { inheritedEnvironment } from "../command-runner.ts";

export interface IsolatedHome {
  root: string;
  home: string;
  tmp: string;
  cwd: string;
  agentDir: string;
  /** The child's complete environment: PATH and locale from ours, the isolation variables, then `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  writeAgentFile(name: string, value: unknown): void;
  remove(): void;
}

export const ISOLATION_ENV = { PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1" } as const;

/** Characters of a checked Pi's stderr kept for a report; the rest is dropped. */
export const STDERR_LIMIT = 200_000;

/** The user's PowerContext extension settings are passed through so the preflight activates the extension as they would. */
function extensionSettings(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return inheritedEnvironment(
    env,
    Object.keys(env).filter((key) => key.startsWith("POWERCONTEXT_PI_")),
  );
}

export function createIsolatedHome(env: Readonly<Record<string, string | undefined>>): IsolatedHome {
  const root = mkdtempSync(join(tmpdir(), "powercontext-pi-preflight-"));
  const paths = {
    home: join(root, "home"),
    tmp: join(root, "tmp"),
    cwd: join(root, "project"),
    agentDir: join(root, "agent"),
  };
  for (const dir of Object.values(paths)) mkdirSync(dir);
  return {
    root,
    ...paths,
    env: (extra = {}) => ({
      ...inheritedEnvironment(env, ["PATH", "LANG", "LC_ALL", "TZ"]),
      ...extensionSettings(env),
      HOME: paths.home,
      TMPDIR: paths.tmp,
      PI_CODING_AGENT_DIR: paths.agentDir,
      ...ISOLATION_ENV,
      ...extra,
    }),
    writeAgentFile: (name, value) => writeFileSync(join(paths.agentDir, name), JSON.stringify(value, null, 2)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Starts `executable` in RPC mode with `args`, in the isolated home's cwd and with its environment. */
export function startIsolatedPi(isolated: IsolatedHome, executable: string, args: readonly string[]): PiRpc {
  return startPiRpc({
    command: [executable],
    args,
    cwd: isolated.cwd,
    env: isolated.env(),
    stderrLimit: STDERR_LIMIT,
  });
}
