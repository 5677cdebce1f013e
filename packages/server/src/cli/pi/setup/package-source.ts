// What `setup pi --source` names: a local package directory used in place, or a Git remote to fetch a ref from.
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { PowerContextError } from "../../../errors.ts";
import { PI_PACKAGE_NAME, readPackageName } from "../installed-packages.ts";
import { stripUserinfo } from "../../redact.ts";

export type PackageSource =
  | { kind: "local"; packageDir: string; display: string }
  | { kind: "git"; url: string; ref: string; display: string };

const OWNER_REPO = /^[\w.-]+\/[\w.-]+$/;
const GIT_URL = /^(https?:\/\/|ssh:\/\/|git:\/\/|file:\/\/|git\+ssh:\/\/)|^[^@\s/:]+@[^:\s/]+:/;

/** The powercontext-pi directory inside a checkout: its root (a package checkout) or packages/pi (this repository). */
export function findPackageDir(checkout: string): string | null {
  for (const dir of [checkout, join(checkout, "packages", "pi")])
    if (readPackageName(dir) === PI_PACKAGE_NAME) return dir;
  return null;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A local directory holding the package (without --ref) is used in place. Any other local directory (a bare
 * repository, or any checkout with --ref) is a Git remote; `owner/repo` means GitHub; URLs are Git remotes.
 */
export function parsePackageSource(
  source: string | undefined,
  ref: string | undefined,
  defaultPackageDir: string | null,
): PackageSource {
  if (ref !== undefined && !/^[\w./@{}^~-]+$/.test(ref))
    throw new PowerContextError("configuration_invalid", `--ref "${ref}" is not a valid Git ref.`);
  if (source === undefined) {
    if (ref !== undefined) throw new PowerContextError("configuration_invalid", "--ref needs --source (a Git remote).");
    if (defaultPackageDir === null)
      throw new PowerContextError(
        "configuration_invalid",
        "Not run from a PowerContext checkout: pass --source <owner/repo | git URL | local path>.",
      );
    return { kind: "local", packageDir: defaultPackageDir, display: defaultPackageDir };
  }
  const path = resolve(source);
  if (isDirectory(path)) {
    const packageDir = findPackageDir(path);
    if (packageDir !== null && ref === undefined) return { kind: "local", packageDir, display: packageDir };
    if (packageDir === null && !existsSync(join(path, "HEAD")) && !existsSync(join(path, ".git"))) {
      throw new PowerContextError(
        "configuration_invalid",
        `${path} holds neither the ${PI_PACKAGE_NAME} package nor a Git repository.`,
      );
    }
    return { kind: "git", url: path, ref: ref ?? "HEAD", display: path };
  }
  if (GIT_URL.test(source)) return { kind: "git", url: source, ref: ref ?? "HEAD", display: stripUserinfo(source) };
  if (OWNER_REPO.test(source))
    return {
      kind: "git",
      url: `https://github.com/${source}.git`,
      ref: ref ?? "HEAD",
      display: `https://github.com/${source}.git`,
    };
  throw new PowerContextError(
    "configuration_invalid",
    `--source "${stripUserinfo(source)}" is not a directory, a Git URL or owner/repo.`,
  );
}
