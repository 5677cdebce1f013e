// A Git remote for the `setup pi` tests: a bare repository made in a temp dir from this working tree (the root
// manifest and the workspace packages powercontext-pi needs, committed as they are now, uncommitted edits included).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "./pi-cli-fixture.ts";

const GIT = [
  "-c",
  "user.name=PowerContext Test",
  "-c",
  "user.email=test@example.invalid",
  "-c",
  "init.defaultBranch=main",
];

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", [...GIT, ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: cwd, GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();
}

export interface GitRemote {
  bare: string;
  work: string;
  /** Writes `files` (paths relative to the work tree), commits and pushes to the bare repository's main. */
  commit(message: string, files?: Record<string, string>): string;
}

const WORKSPACE_PATHS = ["package.json", "packages/pi", "packages/protocol", "packages/pi-kit"];

/** Tracked and untracked (not ignored) files of `paths` in the working tree. */
function workingTreeFiles(paths: readonly string[]): string[] {
  const listed = git(REPO_ROOT, "ls-files", "-co", "--exclude-standard", "-z", "--", ...paths);
  return listed.split("\0").filter((path) => path !== "");
}

export function makeWorkspaceRemote(root: string): GitRemote {
  const work = join(root, "remote-work");
  for (const path of workingTreeFiles(WORKSPACE_PATHS)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    cpSync(join(REPO_ROOT, path), join(work, path));
  }
  git(work, "init", "--quiet");
  git(work, "add", "-A");
  git(work, "commit", "--quiet", "-m", "powercontext workspace");
  const bare = join(root, "remote.git");
  git(root, "clone", "--quiet", "--bare", work, bare);
  git(work, "remote", "add", "origin", bare);
  return {
    bare,
    work,
    commit(message, files = { "CHANGELOG.md": `${message}\n` }) {
      for (const [path, text] of Object.entries(files)) writeFileSync(join(work, path), text);
      git(work, "add", "-A");
      git(work, "commit", "--quiet", "-m", message);
      git(work, "push", "--quiet", "origin", "HEAD:main");
      return git(work, "rev-parse", "HEAD");
    },
  };
}
