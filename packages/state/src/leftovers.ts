// Leftovers of writers that died: the temporary files they staged or were replacing (`.transaction.json.tmp-<pid>-*`,
// `scopes/.<file>.tmp-<pid>-*`), the lock they were handing over (`store.lock.new-<pid>-*`) and the reclaim guards
// they held. Only the lock holder removes them, and only those whose pid is dead: a live writer's files are its own.
// They are inert (never read as state), but some hold a full copy of the previous scope files.
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isRealDirectory, removeOwnedFile } from "./atomic-file.ts";
import { SCOPES_DIRECTORY } from "./scopes.ts";
import { readOwner } from "./store-lock.ts";

/** A temporary or handover name and the pid it carries, e.g. `.global.json.tmp-4242-9f00aa11bb22`. */
const TEMPORARY = /^\..+\.tmp-(\d+)-[0-9a-f]+$/;
const HANDOVER = /^store\.lock(?:\.reclaim-[0-9a-f]+\.\d+)?\.new-(\d+)-[0-9a-f]+$/;
const GUARD = /^store\.lock\.reclaim-([0-9a-f]+)\.\d+$/;

/** The pid a leftover's name carries, or null when the name is not one of ours. */
export function leftoverPid(name: string): number | null {
  const match = TEMPORARY.exec(name) ?? HANDOVER.exec(name);
  return match === null ? null : Number(match[1]);
}

/** Only regular files are ours to remove; anything else with such a name (a symlink, a directory) is left alone. */
function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

function entries(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * Removes the leftovers of dead writers in the store at `root`; returns the names removed. `heldToken` is the
 * caller's lock token: a reclaim guard of any other token belongs to a lock that no longer exists, so once its
 * creator is dead it can never matter again.
 */
export function removeDeadLeftovers(root: string, heldToken: string, isAlive: (pid: number) => boolean): string[] {
  const removed: string[] = [];
  const sweep = (directory: string, dead: (name: string) => boolean): void => {
    for (const name of entries(directory)) {
      if (!dead(name) || !isRegularFile(join(directory, name))) continue;
      removeOwnedFile(join(directory, name), { syncDirectory: false });
      removed.push(name);
    }
  };
  const deadByName = (name: string): boolean => {
    const pid = leftoverPid(name);
    return pid !== null && !isAlive(pid);
  };
  sweep(root, (name) => deadByName(name) || deadGuard(root, name, heldToken, isAlive));
  if (isRealDirectory(root, SCOPES_DIRECTORY)) sweep(join(root, SCOPES_DIRECTORY), deadByName);
  return removed;
}

function deadGuard(root: string, name: string, heldToken: string, isAlive: (pid: number) => boolean): boolean {
  const match = GUARD.exec(name);
  if (match === null || match[1] === heldToken) return false;
  const owner = readOwner(join(root, name));
  return owner !== null && !isAlive(owner.pid);
}
