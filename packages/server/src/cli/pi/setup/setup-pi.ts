// `powercontext setup pi`: resolve the package (a local checkout, or a Git ref materialized through staging), verify it,
// `pi install` it, remove superseded PowerContext registrations only after that succeeded, then run the Pi doctor.
// Returns a report and describes it in words; progress goes through `onProgress`; no printing here.
import { fileURLToPath } from "node:url";
import type { CommandRunner } from "../../command-runner.ts";
import { describeChecks, type PiCheck } from "../check.ts";
import { doctorPi, type PiDoctorReport } from "../doctor.ts";
import { findPiExecutable, piAgentDir, userPiEnvironment } from "../host.ts";
import { readUserPackages, supersededRegistrations } from "../installed-packages.ts";
import type { FileOps } from "./file-ops.ts";
import { checkPackageLoads } from "../package-load.ts";
import type { SwappedCheckout } from "./git-checkout.ts";
import { materializeGitSource } from "./git-source.ts";
import { checkPackage, describePackageProblems } from "./package-check.ts";
import { findPackageDir, parsePackageSource, type PackageSource } from "./package-source.ts";
import { type RecordStep, stepRecorder } from "./steps.ts";

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

/** The user's Pi: its executable and the user's own environment, unchanged. */
interface UserPi {
  executable: string;
  env: Record<string, string>;
}

/** packages/pi next to this CLI's package, when this CLI runs from a PowerContext checkout. */
export function checkoutPackageDir(): string | null {
  return findPackageDir(fileURLToPath(new URL("../../../../../..", import.meta.url)));
}

export async function setupPi(deps: SetupPiDeps, options: SetupPiOptions): Promise<SetupPiReport> {
  const source = parsePackageSource(options.source, options.ref, deps.defaultPackageDir);
  const report = emptyReport(source);
  const record = stepRecorder(report.steps, source.kind === "git" ? 8 : 5, deps.onProgress);
  const executable = findPiExecutable(deps.env, options.pi);
  if (executable === null) {
    const missing = options.pi === undefined ? "no executable `pi` on PATH" : `${options.pi} is not an executable file`;
    record("pi executable", "failed", `${missing}; nothing was fetched or installed`);
    return report;
  }
  const resolved = await resolvePackage({ ...deps, executable }, source, report, record);
  if (resolved.packageDir === null) return report;
  report.package_dir = resolved.packageDir;
  const pi: UserPi = { executable, env: userPiEnvironment(deps.env) };
  const installed = await installPackage(deps.runner, pi, resolved.packageDir, record);
  await (installed ? resolved.swap?.keep() : resolved.swap?.revert());
  if (!installed) return report;
  report.removed = await removeSuperseded(deps, pi, resolved.packageDir, record);
  report.doctor = await doctorAfterInstall(deps, options, resolved.packageDir, record);
  report.ok = report.steps.every((step) => step.status === "ok");
  return report;
}

function emptyReport(source: PackageSource): SetupPiReport {
  return {
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
}

/** The package directory to install, verified to load, and the swap a Git source made; packageDir null on failure. */
async function resolvePackage(
  deps: SetupPiDeps & { executable: string },
  source: PackageSource,
  report: SetupPiReport,
  record: RecordStep,
): Promise<{ packageDir: string | null; swap?: SwappedCheckout | null }> {
  if (source.kind === "git") {
    const materialized = await materializeGitSource(deps, source, record);
    report.source.commit = materialized.commit;
    return materialized;
  }
  const verified = checkPackage(source.packageDir);
  if (!verified.ok) {
    const problems = describePackageProblems(source.packageDir, verified.problems, verified.unresolved);
    record("verify package", "failed", problems);
    return { packageDir: null };
  }
  record(
    "verify package",
    "ok",
    `${source.packageDir}: powercontext-pi with its extension, the bundled SKILL.md and resolvable dependencies`,
  );
  const load = await checkPackageLoads(deps.runner, { ...deps, name: "load in pi", packageDir: source.packageDir });
  record(load.check.name, load.check.status, load.check.detail);
  return { packageDir: load.check.status === "ok" ? source.packageDir : null };
}

async function installPackage(
  runner: CommandRunner,
  pi: UserPi,
  packageDir: string,
  record: RecordStep,
): Promise<boolean> {
  const install = await runner.run(pi.executable, ["install", packageDir], { env: pi.env, timeoutMs: 120_000 });
  if (install.code === 0) return record("pi install", "ok", packageDir);
  const failure = install.startError ?? `exited ${install.code}`;
  const kept = "earlier registrations and checkouts were left in place";
  record("pi install", "failed", `\`pi install ${packageDir}\` ${failure}; ${kept}`);
  return false;
}

/** Removes every other user-scoped powercontext-pi registration; returns the directories removed. */
async function removeSuperseded(
  deps: SetupPiDeps,
  pi: UserPi,
  packageDir: string,
  record: RecordStep,
): Promise<string[]> {
  const removed: string[] = [];
  const failed: string[] = [];
  for (const entry of supersededRegistrations(readUserPackages(piAgentDir(deps.env)), packageDir)) {
    if (entry.dir === null) continue;
    const removal = await deps.runner.run(pi.executable, ["remove", entry.dir], { env: pi.env, timeoutMs: 60_000 });
    (removal.code === 0 ? removed : failed).push(entry.dir);
  }
  if (failed.length > 0) record("remove superseded", "failed", `could not remove ${failed.join(", ")}`);
  else if (removed.length === 0) record("remove superseded", "ok", "no other powercontext-pi registration");
  else record("remove superseded", "ok", `removed ${removed.join(", ")}`);
  return removed;
}

/** The Pi doctor must pass and resolve powercontext-pi to the directory just installed. */
async function doctorAfterInstall(
  deps: SetupPiDeps,
  options: SetupPiOptions,
  packageDir: string,
  record: RecordStep,
): Promise<PiDoctorReport> {
  const doctor = await doctorPi(
    { runner: deps.runner, env: deps.env },
    options.pi === undefined ? {} : { pi: options.pi },
  );
  if (doctor.ok && doctor.package_dir === packageDir) {
    record(
      "doctor pi",
      "ok",
      "the Pi executable, `pi list`, the installed powercontext-pi manifest and its load check out",
    );
    return doctor;
  }
  const failing = doctor.checks
    .filter((check) => check.status !== "ok")
    .map((check) => `${check.name}: ${check.detail}`);
  record(
    "doctor pi",
    "failed",
    failing.join("; ") || `\`pi list\` resolves powercontext-pi to ${doctor.package_dir}, not ${packageDir}`,
  );
  return doctor;
}

/** The source (with ref and short commit), one line a step, then the outcome. */
export function describeSetupPi(report: SetupPiReport): string {
  const ref = report.source.ref === null ? "" : ` @ ${report.source.ref}`;
  const commit = report.source.commit === null ? "" : ` (${report.source.commit.slice(0, 12)})`;
  return [
    `Source: ${report.source.location}${ref}${commit}`,
    ...describeChecks(report.steps),
    report.ok
      ? `powercontext-pi is installed from ${report.package_dir}. Start a new Pi process to load it.`
      : "Setup did not complete (see above).",
  ].join("\n");
}
