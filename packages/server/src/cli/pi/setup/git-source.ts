// The steps of `setup pi` for a Git source: fetch the ref into a staging directory, verify the package there, make it
// self-contained (its workspace dependencies copied in), check that it loads in an isolated Pi, and only then swap it
// in for the previous checkout. A failed step removes the staging directory and leaves the previous checkout (and so
// the registration pointing at it) as it was.
import type { CommandRunner } from "../../command-runner.ts";
import { checkPackageLoads } from "../package-load.ts";
import {
  CheckoutError,
  checkoutPaths,
  type CheckoutDeps,
  fetchIntoStaging,
  type SwappedCheckout,
  swapIn,
} from "./git-checkout.ts";
import { checkPackage, describePackageProblems } from "./package-check.ts";
import { findPackageDir, type PackageSource } from "./package-source.ts";
import type { RecordStep } from "./steps.ts";
import { vendorWorkspaceDependencies } from "./vendor-dependencies.ts";

export type GitSource = Extract<PackageSource, { kind: "git" }>;

export interface GitSourceDeps extends CheckoutDeps {
  runner: CommandRunner;
  /** Where remote checkouts live (`<dataDir>/pi/checkout`). */
  dataDir: string;
  /** The user's Pi executable, which the staged package must load in. */
  executable: string;
  onProgress(message: string): void;
}

/** The fetched commit (null when the fetch failed), the package in the new checkout and its swap (null on failure). */
export interface MaterializedSource {
  commit: string | null;
  packageDir: string | null;
  swap: SwappedCheckout | null;
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
  if (commit === null) return { commit, packageDir: null, swap: null };
  const stagedPackage = await prepareStaged(deps, paths.staging, record);
  if (stagedPackage === null) {
    await deps.files.remove(paths.staging);
    return { commit, packageDir: null, swap: null };
  }
  const swap = await swapStep(deps, paths, record);
  if (swap === null) return { commit, packageDir: null, swap };
  return { commit, packageDir: `${paths.target}${stagedPackage.slice(paths.staging.length)}`, swap };
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

const UNCHANGED = "the previous checkout and registration are unchanged";

/** Verify, make self-contained, load in an isolated Pi: the staged package directory, or null when a step failed. */
async function prepareStaged(deps: GitSourceDeps, staging: string, record: RecordStep): Promise<string | null> {
  const stagedPackage = findPackageDir(staging);
  const verified = stagedPackage === null ? null : checkPackage(stagedPackage);
  if (stagedPackage === null || verified === null || verified.problems.length > 0) {
    const problems = describePackageProblems(stagedPackage, verified?.problems ?? [], []);
    record("verify package", "failed", `${problems}; ${UNCHANGED}`);
    return null;
  }
  record("verify package", "ok", "powercontext-pi with its extension and the bundled SKILL.md");
  const { vendored, unresolved } = vendorWorkspaceDependencies(staging, stagedPackage);
  if (unresolved.length > 0) {
    const detail = `${unresolved.join(", ")} are neither packages of the fetched workspace nor provided by Pi; ${UNCHANGED}`;
    record("dependencies", "failed", detail);
    return null;
  }
  record("dependencies", "ok", vendored.length === 0 ? "none needed" : `bundled ${vendored.join(", ")}`);
  const load = await checkPackageLoads(deps.runner, {
    name: "load in pi",
    executable: deps.executable,
    packageDir: stagedPackage,
    env: deps.env,
  });
  if (load.check.status !== "ok") {
    record(load.check.name, "failed", `${load.check.detail}; ${UNCHANGED}`);
    return null;
  }
  record(load.check.name, "ok", load.check.detail);
  return stagedPackage;
}

async function swapStep(
  deps: GitSourceDeps,
  paths: { staging: string; target: string },
  record: RecordStep,
): Promise<SwappedCheckout | null> {
  try {
    const swap = await swapIn(deps.files, { staging: paths.staging, target: paths.target });
    record("swap checkout", "ok", paths.target);
    return swap;
  } catch (error) {
    record("swap checkout", "failed", error instanceof CheckoutError ? error.message : String(error));
    return null;
  }
}
