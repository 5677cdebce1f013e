// A throw-away home for one Pi run: its own HOME, temp dir, cwd and agent dir, offline, no telemetry.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inheritedEnvironment } from "./command-runner.ts";

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
