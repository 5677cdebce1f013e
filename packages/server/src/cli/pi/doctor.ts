// `powercontext doctor pi`: the basic install check (the Pi executable, `pi list`, an installed package whose manifest
// is named powercontext-pi, and that package loading in an isolated Pi); with --deep also the passive preflight, with --capabilities also the host
// capability matrix and its gate. Returns a report and describes it in words; no printing here.
import { resolve } from "node:path";
import type { CommandRunner } from "../command-runner.ts";
import { describeCapabilities, evaluateCapabilities } from "./capabilities/capabilities.ts";
import type { CapabilityReport } from "./capabilities/types.ts";
import { describeChecks, type PiCheck } from "./check.ts";
import { describeHost, findPiExecutable, piAgentDir, userPiEnvironment } from "./host.ts";
import { parsePiList, PI_PACKAGE_NAME, readPackageName, resolveLocalSource } from "./installed-packages.ts";
import { checkPackageLoads } from "./package-load.ts";
import { describePreflight, runPreflight, type PreflightReport } from "./preflight.ts";

export interface PiDoctorOptions {
  /** The Pi executable; default the first `pi` on PATH. */
  pi?: string;
  deep?: boolean;
  capabilities?: boolean;
}

export interface PiDoctorDeps {
  runner: CommandRunner;
  env: Readonly<Record<string, string | undefined>>;
}

export interface PiDoctorReport {
  ok: boolean;
  executable: string | null;
  package_dir: string | null;
  checks: PiCheck[];
  deep?: PreflightReport;
  capabilities?: CapabilityReport;
}

export async function doctorPi({ runner, env }: PiDoctorDeps, options: PiDoctorOptions = {}): Promise<PiDoctorReport> {
  const executable = findPiExecutable(env, options.pi);
  if (executable === null) return noExecutableReport(options.pi);
  const checks: PiCheck[] = [];
  const host = describeHost(executable);
  checks.push({
    name: "pi executable",
    status: "ok",
    detail: host.packageVersion === null ? executable : `${executable} (package ${host.packageVersion})`,
  });
  const packageDir = await installedPackage(runner, executable, env, checks);
  const load =
    packageDir === null
      ? null
      : await checkPackageLoads(runner, { name: "package loads", executable, packageDir, env });
  if (load !== null) checks.push(load.check);
  const report: PiDoctorReport = {
    ok: checks.every((check) => check.status === "ok"),
    executable,
    package_dir: packageDir,
    checks,
  };
  if (options.deep === true) {
    report.deep = load?.preflight ?? (await runPreflight(runner, { executable, packageDir, env }));
    report.ok &&= report.deep.ok;
  }
  if (options.capabilities === true) {
    report.capabilities = await evaluateCapabilities(runner, { host, env });
    report.ok &&= report.capabilities.gate.phase0 === "GO";
  }
  return report;
}

/** The explicit `--pi` path, or `pi` on PATH, is not an executable: nothing else can be checked. */
function noExecutableReport(explicit: string | undefined): PiDoctorReport {
  const skipped = "skipped because there is no Pi executable";
  return {
    ok: false,
    executable: null,
    package_dir: null,
    checks: [
      {
        name: "pi executable",
        status: "failed",
        detail: explicit === undefined ? "no executable `pi` on PATH" : `${explicit} is not an executable file`,
      },
      { name: "pi list", status: "skipped", detail: skipped },
      { name: "powercontext-pi manifest", status: "skipped", detail: skipped },
    ],
  };
}

/** Runs `pi list` and finds the listed local package whose manifest is named powercontext-pi. */
async function installedPackage(
  runner: CommandRunner,
  executable: string,
  env: PiDoctorDeps["env"],
  checks: PiCheck[],
): Promise<string | null> {
  const list = await runner.run(executable, ["list"], { env: userPiEnvironment(env), timeoutMs: 60_000 });
  if (list.code !== 0) {
    checks.push({
      name: "pi list",
      status: "failed",
      detail: `\`pi list\` ${list.startError ?? `exited ${list.code}`}`,
    });
    checks.push({ name: "powercontext-pi manifest", status: "skipped", detail: "skipped because `pi list` failed" });
    return null;
  }
  const listed = parsePiList(list.stdout);
  checks.push({ name: "pi list", status: "ok", detail: `${listed.length} package(s) listed` });
  const agentDir = piAgentDir(env);
  for (const entry of listed) {
    const dir = entry.path ?? (entry.scope === "user" ? resolveLocalSource(agentDir, entry.source) : null);
    if (dir !== null && readPackageName(dir) === PI_PACKAGE_NAME) {
      checks.push({ name: "powercontext-pi manifest", status: "ok", detail: `${entry.scope} package ${resolve(dir)}` });
      return resolve(dir);
    }
  }
  checks.push({
    name: "powercontext-pi manifest",
    status: "failed",
    detail: "no package listed by `pi list` has a manifest named powercontext-pi (run `powercontext setup pi`)",
  });
  return null;
}

/** The checks, then the preflight and the capability matrix when they ran, then the verdict. */
export function describePiDoctor(report: PiDoctorReport): string {
  const out = describeChecks(report.checks);
  if (report.deep !== undefined) out.push(...describePreflight(report.deep));
  if (report.capabilities !== undefined) out.push(...describeCapabilities(report.capabilities));
  out.push(report.ok ? "Pi is ready for PowerContext." : "Pi is not ready for PowerContext (see above).");
  return out.join("\n");
}
