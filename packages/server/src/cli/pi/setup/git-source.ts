// The steps of `setup pi` for a Git source: fetch the ref into a staging directory, verify the package there, swap it
// in for the previous checkout, and check that its dependencies resolve. A failed step leaves the previous checkout.
import { CheckoutError, checkoutPaths, type CheckoutDeps, fetchIntoStaging, swapIn } from "./git-checkout.ts";
import { checkPackage, describePackageProblems } from "./package-check.ts";
import { findPackageDir, type PackageSource } from "./package-source.ts";
import type { RecordStep } from "./steps.ts";

export type GitSource = Extract<PackageSource, { kind: "git" }>;

export interface GitSourceDeps extends CheckoutDeps {
  /** Where remote checkouts live (`<dataDir>/pi/checkout`). */
  dataDir: string;
  onProgress(message: string): void;
}

/** The fetched commit (null when the fetch failed) and the package in the new checkout (null when a step failed). */
export interface MaterializedSource {
  commit: string | null;
  packageDir: string | null;
}

export async function materializeGitSource(
  deps: GitSourceDeps,
  source: GitSource,
  record: RecordStep,
): Promise<MaterializedSource> {
  const paths = checkoutPaths(deps.dataDir);
  deps.onProgress(`fetching ${source.ref} of ${source.display}`);
  await deps.files.mkdir(paths.root);
  const commit = await fetchStep(deps, source, paths.staging, record);
  if (commit === null) return { commit, packageDir: null };
  const stagedPackage = await verifyStagedPackage(deps, paths.staging, record);
  if (stagedPackage === null || !(await swapStep(deps, paths, record))) return { commit, packageDir: null };
  const packageDir = `${paths.target}${stagedPackage.slice(paths.staging.length)}`;
  return { commit, packageDir: dependenciesResolve(packageDir, record) ? packageDir : null };
}

async function fetchStep(
  deps: GitSourceDeps,
  source: GitSource,
  staging: string,
  record: RecordStep,
): Promise<string | null> {
  try {
    const commit = await fetchIntoStaging(deps, { url: source.url, ref: source.ref, staging, display: source.display });
    record("fetch", "ok", `${source.display} ${source.ref} → ${commit}`);
    return commit;
  } catch (error) {
    await deps.files.remove(staging);
    record("fetch", "failed", error instanceof Error ? error.message : String(error));
    return null;
  }
}

/** The package inside the staging directory, or null (and the staging directory removed) when it does not verify. */
async function verifyStagedPackage(deps: GitSourceDeps, staging: string, record: RecordStep): Promise<string | null> {
  const stagedPackage = findPackageDir(staging);
  const verified = stagedPackage === null ? null : checkPackage(stagedPackage);
  if (stagedPackage === null || verified === null || verified.problems.length > 0) {
    await deps.files.remove(staging);
    const problems = describePackageProblems(stagedPackage, verified?.problems ?? [], []);
    record("verify package", "failed", `${problems}; the previous checkout is unchanged`);
    return null;
  }
  record("verify package", "ok", "powercontext-pi with its extension and the bundled SKILL.md");
  return stagedPackage;
}

async function swapStep(
  deps: GitSourceDeps,
  paths: { staging: string; target: string },
  record: RecordStep,
): Promise<boolean> {
  try {
    await swapIn(deps.files, { staging: paths.staging, target: paths.target });
  } catch (error) {
    return record("swap checkout", "failed", error instanceof CheckoutError ? error.message : String(error));
  }
  return record("swap checkout", "ok", paths.target);
}

/** Setup does not install dependencies: when they do not resolve from the new checkout, it says how and stops. */
function dependenciesResolve(packageDir: string, record: RecordStep): boolean {
  const { unresolved } = checkPackage(packageDir);
  if (unresolved.length === 0) return true;
  const problems = describePackageProblems(packageDir, [], unresolved);
  record("dependencies", "failed", `${problems}, then run \`powercontext setup pi --source ${packageDir}\``);
  return false;
}
