// Materializes a Git ref into the data directory: fetch into a staging directory, then swap it in for the current
// checkout with renames, restoring the previous checkout when the swap fails. Git output is captured, never printed.
import { join } from "node:path";
import { inheritedEnvironment, type CommandRunner } from "../../command-runner.ts";
import type { FileOps } from "./file-ops.ts";

export interface CheckoutDeps {
  runner: CommandRunner;
  files: FileOps;
  env: Readonly<Record<string, string | undefined>>;
}

/** A clean environment: no GIT_* variables of ours, never an interactive credential prompt. */
export function gitEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return {
    ...inheritedEnvironment(env, ["PATH", "HOME", "SSH_AUTH_SOCK", "LANG"]),
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
  };
}

export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckoutError";
  }
}

/**
 * Fetches `ref` of `url` into a fresh `staging` directory (shallow, detached). The remote URL is not stored in the
 * checkout's Git config. Returns the commit. Throws CheckoutError with a message that never contains Git's output.
 */
export async function fetchIntoStaging(
  { runner, env }: CheckoutDeps,
  { url, ref, staging, display }: { url: string; ref: string; staging: string; display: string },
): Promise<string> {
  const gitEnv = gitEnvironment(env);
  const git = async (args: string[], what: string): Promise<string> => {
    const result = await runner.run("git", args, { env: gitEnv, timeoutMs: 300_000 });
    if (result.code !== 0) {
      throw new CheckoutError(
        `${what} failed (${result.startError === undefined ? `git exited ${result.code}` : "git could not be started"}); Git's output is not shown because it may contain credentials`,
      );
    }
    return result.stdout.trim();
  };
  await git(["init", "--quiet", staging], "git init of the staging directory");
  await git(
    ["-C", staging, "fetch", "--quiet", "--depth", "1", "--no-tags", "--", url, ref],
    `fetching ${ref} of ${display}`,
  );
  await git(["-C", staging, "checkout", "--quiet", "--detach", "FETCH_HEAD"], `checking out ${ref}`);
  return git(["-C", staging, "rev-parse", "HEAD"], "reading the fetched commit");
}

/** A swapped-in checkout whose predecessor is kept aside until the install that follows has succeeded. */
export interface SwappedCheckout {
  /** The install succeeded: the previous checkout is removed. */
  keep(): Promise<void>;
  /** The install failed: the previous checkout goes back to `target` (or `target` is removed when there was none). */
  revert(): Promise<void>;
}

/**
 * Replaces `target` with `staging`. The previous checkout is moved aside first and moved back if the second rename
 * fails, so either the new or the previous checkout is at `target` afterwards; the staging directory is removed on
 * failure. On success the previous checkout waits aside for `keep` or `revert`.
 */
export async function swapIn(
  files: FileOps,
  { staging, target }: { staging: string; target: string },
): Promise<SwappedCheckout> {
  const backup = `${target}.previous-${process.pid}-${Date.now()}`;
  const hadPrevious = await files.exists(target);
  if (hadPrevious) await files.rename(target, backup);
  try {
    await files.rename(staging, target);
  } catch (error) {
    if (hadPrevious) await files.rename(backup, target);
    await files.remove(staging);
    throw new CheckoutError(
      `swapping the new checkout in failed (${error instanceof Error ? error.message : String(error)}); the previous checkout was restored`,
    );
  }
  return {
    keep: async () => {
      if (hadPrevious) await files.remove(backup);
    },
    revert: async () => {
      await files.remove(target);
      if (hadPrevious) await files.rename(backup, target);
    },
  };
}

export function checkoutPaths(dataDir: string): { root: string; target: string; staging: string } {
  const root = join(dataDir, "pi");
  return { root, target: join(root, "checkout"), staging: join(root, `staging-${process.pid}-${Date.now()}`) };
}
