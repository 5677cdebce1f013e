// `powercontext setup pi`: resolve the package (a local checkout, or a Git ref materialized through staging), verify it,
// `pi install` it, remove superseded PowerContext registrations only after that succeeded, then run the Pi doctor.
import { fileURLToPath } from "node:url";
import { userPiEnvironment, findPiExecutable, piAgentDir } from "./pi-host.ts";
import type { CommandRunner } from "./command-runner.ts";
import type { FileOps } from "./file-ops.ts";
import { checkoutPaths, CheckoutError, fetchIntoStaging, swapIn } from "./git-checkout.ts";
import { checkPackage } from "./package-check.ts";
import { findPackageDir, parsePackageSource, type PackageSource } from "./package-source.ts";
import type { PiCheck } from "./pi-check.ts";
import { doctorPi, type PiDoctorReport } from "./pi-doctor.ts";
import { readUserPackages, supersededRegistrations } from "./pi-packages.ts";

export interface SetupPiOptions {
  source?: string;
  ref?: string;
  /** The Pi executable; default the first `pi` on PATH. */
  pi?: string;
}

export interface SetupPiDeps {
  runner: CommandRunner;
  files: FileOps;
  env: Readonly<Record<string, string | undefined>>;
  /** Where remote checkouts live (`<dataDir>/pi/checkout`). */
  dataDir: string;
  /** The packages/pi of the checkout this CLI runs from, when it runs from one. */
  defaultPackageDir: string | null;
  onProgress(message: string): void;
}

export interface SetupPiReport {
  ok: boolean;
  source: { kind: PackageSource["kind"]; location: string; ref: string | null; commit: string | null };
  package_dir: string | null;
  steps: PiCheck[];
  /** Superseded powercontext-pi registrations removed after the install succeeded. */
  removed: string[];
  doctor: PiDoctorReport | null;
}

/** packages/pi next to this CLI's package, when this CLI runs from a PowerContext checkout. */
export function checkoutPackageDir(): string | null {
  return findPackageDir(fileURLToPath(new URL("../../../..", import.meta.url)));
}

export async function setupPi(deps: SetupPiDeps, options: SetupPiOptions): Promise<SetupPiReport> {
  const source = parsePackageSource(options.source, options.ref, deps.defaultPackageDir);
  const report: SetupPiReport = {
    ok: false,
    source: {
      kind: source.kind,
      location: source.display,
      ref: source.kind === "git" ? source.ref : null,
      commit: null,
    },
    package_dir: null,
    steps: [],
    removed: [],
    doctor: null,
  };
  const total = source.kind === "git" ? 6 : 4;
  let index = 0;
  const step = (name: string, status: PiCheck["status"], detail: string): boolean => {
    index += 1;
    report.steps.push({ name, status, detail });
    deps.onProgress(
      `[${index}/${total}] ${status === "ok" ? "ok  " : status === "failed" ? "FAIL" : status}  ${name}: ${detail}`,
    );
    return status === "ok" || status === "skipped";
  };

  const executable = findPiExecutable(deps.env, options.pi);
  let packageDir: string;
  if (source.kind === "git") {
    const paths = checkoutPaths(deps.dataDir);
    deps.onProgress(`fetching ${source.ref} of ${source.display}`);
    await deps.files.mkdir(paths.root);
    let commit: string;
    try {
      commit = await fetchIntoStaging(deps, {
        url: source.url,
        ref: source.ref,
        staging: paths.staging,
        display: source.display,
      });
    } catch (error) {
      await deps.files.remove(paths.staging);
      step("fetch", "failed", error instanceof Error ? error.message : String(error));
      return report;
    }
    report.source.commit = commit;
    step("fetch", "ok", `${source.display} ${source.ref} → ${commit}`);
    const stagedPackage = findPackageDir(paths.staging);
    const verified = stagedPackage === null ? null : checkPackage(stagedPackage);
    if (stagedPackage === null || verified === null || verified.problems.length > 0) {
      await deps.files.remove(paths.staging);
      step(
        "verify package",
        "failed",
        `${describeProblems(stagedPackage, verified?.problems ?? [], [])}; the previous checkout is unchanged`,
      );
      return report;
    }
    step("verify package", "ok", "powercontext-pi with its extension and the bundled SKILL.md");
    try {
      await swapIn(deps.files, { staging: paths.staging, target: paths.target });
    } catch (error) {
      step("swap checkout", "failed", error instanceof CheckoutError ? error.message : String(error));
      return report;
    }
    step("swap checkout", "ok", paths.target);
    packageDir = `${paths.target}${stagedPackage.slice(paths.staging.length)}`;
    const { unresolved } = checkPackage(packageDir);
    if (unresolved.length > 0) {
      step(
        "dependencies",
        "failed",
        `${describeProblems(packageDir, [], unresolved)}, then run \`powercontext setup pi --source ${packageDir}\``,
      );
      return report;
    }
  } else {
    packageDir = source.packageDir;
    const verified = checkPackage(packageDir);
    if (!verified.ok) {
      step("verify package", "failed", describeProblems(packageDir, verified.problems, verified.unresolved));
      return report;
    }
    step(
      "verify package",
      "ok",
      `${packageDir}: powercontext-pi with its extension, the bundled SKILL.md and resolvable dependencies`,
    );
  }
  report.package_dir = packageDir;

  if (executable === null) {
    step(
      "pi install",
      "failed",
      options.pi === undefined ? "no executable `pi` on PATH" : `${options.pi} is not an executable file`,
    );
    return report;
  }
  const env = userPiEnvironment(deps.env);
  const install = await deps.runner.run(executable, ["install", packageDir], { env, timeoutMs: 120_000 });
  if (install.code !== 0) {
    step(
      "pi install",
      "failed",
      `\`pi install ${packageDir}\` ${install.startError ?? `exited ${install.code}`}; earlier registrations were left in place`,
    );
    return report;
  }
  step("pi install", "ok", packageDir);

  const agentDir = piAgentDir(deps.env);
  const superseded = supersededRegistrations(readUserPackages(agentDir), packageDir);
  const failedRemovals: string[] = [];
  for (const entry of superseded) {
    if (entry.dir === null) continue;
    const removal = await deps.runner.run(executable, ["remove", entry.dir], { env, timeoutMs: 60_000 });
    if (removal.code === 0) report.removed.push(entry.dir);
    else failedRemovals.push(entry.dir);
  }
  step(
    "remove superseded",
    failedRemovals.length === 0 ? "ok" : "failed",
    failedRemovals.length > 0
      ? `could not remove ${failedRemovals.join(", ")}`
      : report.removed.length === 0
        ? "no other powercontext-pi registration"
        : `removed ${report.removed.join(", ")}`,
  );

  report.doctor = await doctorPi(
    { runner: deps.runner, env: deps.env },
    options.pi === undefined ? {} : { pi: options.pi },
  );
  const doctorOk = report.doctor.ok && report.doctor.package_dir === packageDir;
  step(
    "doctor pi",
    doctorOk ? "ok" : "failed",
    doctorOk
      ? "the Pi executable, `pi list` and the installed powercontext-pi manifest check out"
      : report.doctor.checks
          .filter((c) => c.status !== "ok")
          .map((c) => `${c.name}: ${c.detail}`)
          .join("; ") || `\`pi list\` resolves powercontext-pi to ${report.doctor.package_dir}, not ${packageDir}`,
  );
  report.ok = report.steps.every((s) => s.status === "ok");
  return report;
}

function describeProblems(dir: string | null, problems: readonly string[], unresolved: readonly string[]): string {
  if (dir === null) return "the checkout holds no powercontext-pi package (at its root or in packages/pi)";
  const all = [...problems];
  if (unresolved.length > 0)
    all.push(
      `the dependencies ${unresolved.join(", ")} do not resolve from ${dir} (run \`npm install --omit=dev\` in the checkout; setup does not install dependencies)`,
    );
  return all.join("; ");
}
