// Test helpers for the Git modules: a store whose publications commit through a GitHistory, and plain Git calls.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStateStore, type StateStore } from "../state-file.ts";
import type { TransitionRequest, ViewKeys } from "../types.ts";
import { createGitHistory, type GitHistory, type GitHistoryOptions } from "./git-history.ts";

export const KEYS: ViewKeys = { global: "global", cwd: "p", session: "s" };

export function scratch(name: string): string {
  return mkdtempSync(join(tmpdir(), `pc-state-${name}-`));
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

export interface GitStore {
  root: string;
  store: StateStore;
  history: GitHistory;
  logged: string[];
  patch(patches: TransitionRequest["patches"]): Promise<void>;
}

export function gitStore(options: Partial<GitHistoryOptions> = {}, root = join(scratch("git"), "store")): GitStore {
  const logged: string[] = [];
  const history = createGitHistory({ root, remote: null, log: (event) => logged.push(event), ...options });
  const store = openStateStore({ root, afterPublish: history.commit });
  return {
    root,
    store,
    history,
    logged,
    async patch(patches) {
      const result = await store.publish(KEYS, await store.readView(KEYS), { patches, final: false });
      if (result.status !== "committed") throw new Error("conflict");
      await history.indexSynced();
    },
  };
}

export function initBare(): string {
  const remote = join(scratch("remote"), "remote.git");
  execFileSync("git", ["init", "-q", "--bare", remote]);
  return remote;
}
