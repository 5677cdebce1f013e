// `doctor pi --deep`: a passive, isolated preflight of the installed host. It never sends a prompt and never contacts a
// model or the network; the only requests are get_state, get_session_stats, get_messages and get_commands.
import { resolve } from "node:path";
import type { CommandRunner } from "./command-runner.ts";
import { selfReportedVersion, TESTED_PI_VERSIONS } from "./pi-host.ts";
import { createIsolatedHome } from "./pi-isolation.ts";
import { commandsOf, PASSIVE_REQUESTS, STDERR_LIMIT, validatePassiveTranscript } from "./pi-rpc-shapes.ts";
import { startPiRpc } from "@powercontext/pi-kit";
import type { PiCheck } from "./pi-check.ts";
import { redactCredentials } from "./redact.ts";

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
    checks.push({
      name: "host version",
      status: version.version === null ? "failed" : TESTED_PI_VERSIONS.includes(version.version) ? "ok" : "unverified",
      detail:
        version.version === null || TESTED_PI_VERSIONS.includes(version.version)
          ? version.detail
          : `${version.detail}; outside the tested set (${TESTED_PI_VERSIONS.join(", ")}), so a valid transcript is not a pass`,
    });
    isolated.writeAgentFile("settings.json", {
      retry: { enabled: false },
      ...(packageDir === null ? {} : { packages: [packageDir] }),
    });
    const session = startPiRpc({
      command: [executable],
      args: ["--no-session"],
      cwd: isolated.cwd,
      env: isolated.env(),
      stderrLimit: STDERR_LIMIT,
    });
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
    const problems = [...unanswered, ...validatePassiveTranscript(session.records, ids)];
    if (exitCode !== 0) problems.push(`Pi exited with ${exitCode} after stdin closed${tail(session.stderr())}`);
    checks.push({
      name: "rpc transcript",
      status: problems.length === 0 ? "ok" : "failed",
      detail:
        problems.length === 0
          ? `${PASSIVE_REQUESTS.join(", ")}: strict shapes valid, zero activity`
          : problems.slice(0, 12).join("; "),
    });
    const commands = commandsOf(session.records[3]);
    const pc = commands.find((command) => command.name === "pc" && command.source === "extension");
    const fromPackage =
      pc !== undefined &&
      packageDir !== null &&
      pc.sourceInfo?.origin === "package" &&
      resolve(pc.sourceInfo.baseDir ?? "") === resolve(packageDir);
    checks.push({
      name: "extension active",
      status: fromPackage ? "ok" : "failed",
      detail: fromPackage
        ? `/pc is registered by the installed package (${packageDir})`
        : pc === undefined
          ? "/pc is not registered: the extension did not activate (invalid POWERCONTEXT_PI_* settings, or a load error)"
          : `/pc is registered, but not by the installed package (${JSON.stringify(pc.sourceInfo ?? null)})`,
    });
    const skill = commands.find((command) => command.name === "skill:project-context" && command.source === "skill");
    checks.push({
      name: "bundled skill",
      status: skill !== undefined ? "ok" : "failed",
      detail:
        skill !== undefined
          ? `project-context discovered (${skill.sourceInfo?.path ?? "?"})`
          : "the project-context Skill was not discovered",
    });
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

function tail(stderr: string): string {
  const last = stderr.trim().split("\n").slice(-3).join(" | ");
  return last === "" ? "" : ` (stderr: ${redactCredentials(last).slice(0, 400)})`;
}
