// `doctor pi --deep`: a passive, isolated preflight of the installed host. It never sends a prompt and never contacts a
// model or the network; the only requests are get_state, get_session_stats, get_messages and get_commands.
import { resolve } from "node:path";
import type { CommandRunner } from "../command-runner.ts";
import { redactCredentials } from "../redact.ts";
import { describeChecks, type PiCheck } from "./check.ts";
import { selfReportedVersion, TESTED_PI_VERSIONS } from "./host.ts";
import { createIsolatedHome, type IsolatedHome, startIsolatedPi } from "./isolated-home.ts";
import {
  commandsOf,
  PASSIVE_REQUESTS,
  type PiCommandInfo,
  validatePassiveTranscript,
  withoutStatusUpdates,
} from "./passive-transcript.ts";

export interface PreflightReport {
  ok: boolean;
  /** Fixed by the runner, not observed: no prompt is ever sent. */
  prompt_sent: false;
  requests: readonly string[];
  host_version: string | null;
  version_verified: false;
  checks: PiCheck[];
}

export interface PreflightInput {
  executable: string;
  /** The installed powercontext-pi directory; it is registered in the isolated agent dir exactly as installed. */
  packageDir: string | null;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs?: number;
}

export async function runPreflight(
  runner: CommandRunner,
  { executable, packageDir, env, timeoutMs = 30_000 }: PreflightInput,
): Promise<PreflightReport> {
  const isolated = createIsolatedHome(env);
  const checks: PiCheck[] = [];
  let hostVersion: string | null = null;
  try {
    const version = await selfReportedVersion(runner, executable, isolated.env());
    hostVersion = version.version;
    checks.push(hostVersionCheck(version));
    isolated.writeAgentFile("settings.json", {
      retry: { enabled: false },
      ...(packageDir === null ? {} : { packages: [packageDir] }),
    });
    const { commands, stderr } = await runPassiveSession(isolated, executable, timeoutMs, checks);
    checks.push(extensionActiveCheck(commands, packageDir, stderr), bundledSkillCheck(commands));
  } catch (error) {
    checks.push({
      name: "rpc transcript",
      status: "failed",
      detail: error instanceof Error ? error.message : String(error),
    });
  } finally {
    isolated.remove();
  }
  return {
    ok: checks.every((check) => check.status === "ok"),
    prompt_sent: false,
    requests: PASSIVE_REQUESTS,
    host_version: hostVersion,
    version_verified: false,
    checks,
  };
}

/** A self-reported version outside the tested set is unverified, which is not a pass. */
function hostVersionCheck(version: { version: string | null; detail: string }): PiCheck {
  if (version.version === null) return { name: "host version", status: "failed", detail: version.detail };
  if (TESTED_PI_VERSIONS.includes(version.version))
    return { name: "host version", status: "ok", detail: version.detail };
  return {
    name: "host version",
    status: "unverified",
    detail: `${version.detail}; outside the tested set (${TESTED_PI_VERSIONS.join(", ")}), so a valid transcript is not a pass`,
  };
}

/**
 * Sends the four passive requests, closes stdin and checks the whole transcript (pushing the "rpc transcript" check).
 * Returns the commands of the get_commands response and Pi's stderr.
 */
async function runPassiveSession(
  isolated: IsolatedHome,
  executable: string,
  timeoutMs: number,
  checks: PiCheck[],
): Promise<{ commands: PiCommandInfo[]; stderr: string }> {
  const session = startIsolatedPi(isolated, executable, ["--no-session"]);
  const pending = PASSIVE_REQUESTS.map((type) => session.send({ type }, timeoutMs));
  const ids = PASSIVE_REQUESTS.map((_, index) => `pc-${index + 1}`);
  const answered = await Promise.allSettled(pending);
  const exitCode = await session.stop();
  const unanswered = answered.flatMap((result, index) =>
    result.status === "rejected"
      ? [
          `${PASSIVE_REQUESTS[index]}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
        ]
      : [],
  );
  const records = withoutStatusUpdates(session.records);
  const problems = [...unanswered, ...validatePassiveTranscript(records, ids)];
  if (exitCode !== 0) problems.push(`Pi exited with ${exitCode} after stdin closed${stderrTail(session.stderr())}`);
  checks.push({
    name: "rpc transcript",
    status: problems.length === 0 ? "ok" : "failed",
    detail:
      problems.length === 0
        ? `${PASSIVE_REQUESTS.join(", ")}: strict shapes valid, zero activity`
        : problems.slice(0, 12).join("; "),
  });
  return { commands: commandsOf(records[3]), stderr: session.stderr() };
}

/** The extension is active when `/pc` is registered, and registered by the installed package directory. */
function extensionActiveCheck(commands: readonly PiCommandInfo[], packageDir: string | null, stderr: string): PiCheck {
  const pc = commands.find((command) => command.name === "pc" && command.source === "extension");
  const fromPackage =
    pc !== undefined &&
    packageDir !== null &&
    pc.sourceInfo?.origin === "package" &&
    resolve(pc.sourceInfo.baseDir ?? "") === resolve(packageDir);
  return {
    name: "extension active",
    status: fromPackage ? "ok" : "failed",
    detail: fromPackage
      ? `/pc is registered by the installed package (${packageDir})`
      : pc === undefined
        ? `/pc is not registered: the extension did not activate (${loadErrorOf(stderr) ?? "invalid POWERCONTEXT_PI_* settings, or a load error"})`
        : `/pc is registered, but not by the installed package (${JSON.stringify(pc.sourceInfo ?? null)})`,
  };
}

function bundledSkillCheck(commands: readonly PiCommandInfo[]): PiCheck {
  const skill = commands.find((command) => command.name === "skill:project-context" && command.source === "skill");
  return {
    name: "bundled skill",
    status: skill !== undefined ? "ok" : "failed",
    detail:
      skill !== undefined
        ? `project-context discovered (${skill.sourceInfo?.path ?? "?"})`
        : "the project-context Skill was not discovered",
  };
}

/** Pi's own words when it could not load an extension ("Failed to load extension …: Cannot find module …"). */
function loadErrorOf(stderr: string): string | null {
  const line = stderr.split("\n").find((text) => /Failed to load extension/.test(text));
  return line === undefined ? null : redactCredentials(line.replace(/^Error:\s*/, "").trim()).slice(0, 400);
}

/** The last three lines of Pi's stderr, without credentials, for a report. */
function stderrTail(stderr: string): string {
  const last = stderr.trim().split("\n").slice(-3).join(" | ");
  return last === "" ? "" : ` (stderr: ${redactCredentials(last).slice(0, 400)})`;
}

/** The preflight's heading, then its checks indented under it. */
export function describePreflight(report: PreflightReport): string[] {
  return [
    `Passive preflight (prompt sent: no; requests: ${report.requests.join(", ")}):`,
    ...describeChecks(report.checks, "  "),
  ];
}
