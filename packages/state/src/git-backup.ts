// Optional Git backup: one local commit of the store's owned files per accepted turn. Never read back by the
// runtime; the files stay the authority. Runs under the store lock so the commit is one consistent cohort.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GIT_TIMEOUT_MS = 15_000;
/** Lock, lock-handover and reclaim-guard files, the journal and temporary files are never backed up. */
const IGNORED = "store.lock*\ntransaction.json\n.*.tmp-*\n";
const PREVIOUS_IGNORED = "store.lock\ntransaction.json\n.*.tmp-*\n";

export type BackupOutcome = "committed" | "unchanged" | "unavailable" | "failed";

function git(cwd: string, args: readonly string[]): Promise<{ code: number | null; missing: boolean }> {
  return new Promise((finish) => {
    execFile(
      "git",
      [...args],
      { cwd, timeout: GIT_TIMEOUT_MS, windowsHide: true, env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } },
      (error) => {
        if (error === null) finish({ code: 0, missing: false });
        else finish({ code: typeof error.code === "number" ? error.code : null, missing: error.code === "ENOENT" });
      },
    );
  });
}

const IDENTITY = [
  "-c",
  "user.name=powercontext-state",
  "-c",
  "user.email=state@powercontext.invalid",
  "-c",
  "commit.gpgsign=false",
];

export async function commitBackup(root: string, message: string): Promise<BackupOutcome> {
  if (!existsSync(join(root, ".git"))) {
    const init = await git(root, ["init", "-q"]);
    if (init.missing) return "unavailable";
    if (init.code !== 0) return "failed";
  }
  const ignore = join(root, ".gitignore");
  if (!existsSync(ignore) || readFileSync(ignore, "utf8") === PREVIOUS_IGNORED) writeFileSync(ignore, IGNORED);
  if ((await git(root, ["add", "-A", "."])).code !== 0) return "failed";
  if ((await git(root, ["diff", "--cached", "--quiet"])).code === 0) return "unchanged";
  const commit = await git(root, [...IDENTITY, "commit", "-q", "--no-verify", "-m", message]);
  return commit.code === 0 ? "committed" : "failed";
}
