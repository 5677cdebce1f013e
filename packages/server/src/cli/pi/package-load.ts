// Whether a powercontext-pi directory loads in Pi: the passive preflight in an isolated home (nothing of the user's Pi
// is touched), reduced to one check. Setup runs it on the staged package before anything is swapped or registered;
// `doctor pi` runs it on the registered package, because a package that does not load stops Pi from starting.
import type { CommandRunner } from "../command-runner.ts";
import type { PiCheck } from "./check.ts";
import { type PreflightReport, runPreflight } from "./preflight.ts";

export interface PackageLoad {
  check: PiCheck;
  preflight: PreflightReport;
}

/** The preflight checks that say the package loaded: the host's version alone is not the package's concern. */
const LOAD_CHECKS = ["extension active", "bundled skill"];

export async function checkPackageLoads(
  runner: CommandRunner,
  input: { name: string; executable: string; packageDir: string; env: Readonly<Record<string, string | undefined>> },
): Promise<PackageLoad> {
  const preflight = await runPreflight(runner, {
    executable: input.executable,
    packageDir: input.packageDir,
    env: input.env,
  });
  const failing = preflight.checks.filter((check) => LOAD_CHECKS.includes(check.name) && check.status !== "ok");
  const loaded = failing.length === 0 && preflight.checks.some((check) => check.name === "extension active");
  const host = preflight.host_version === null ? "" : ` (Pi ${preflight.host_version})`;
  return {
    preflight,
    check: loaded
      ? {
          name: input.name,
          status: "ok",
          detail: `the extension and the project-context Skill load in an isolated Pi${host}`,
        }
      : {
          name: input.name,
          status: "failed",
          detail: `${input.packageDir} does not load in an isolated Pi${host}: ${describeFailures(preflight, failing)}`,
        },
  };
}

function describeFailures(preflight: PreflightReport, failing: readonly PiCheck[]): string {
  const shown = failing.length > 0 ? failing : preflight.checks.filter((check) => check.status === "failed");
  return shown.map((check) => `${check.name}: ${check.detail}`).join("; ") || "no /pc command was registered";
}
