// The one store lock shared by every cooperating writer (all Pi processes using the same agent directory).
// A lock file names its owner (pid + token) and appears complete or not at all (written aside, then hard-linked into
// place, which fails if a lock exists). A lock whose owner process is gone is reclaimed under a guard: only the
// process that exclusively creates `<lock>.reclaim-<token>.<generation>` may remove the lock holding that token, and
// it re-reads the lock under the guard, so two processes reclaiming the same dead lock at once cannot remove a fresh
// lock taken in between. A guard left by a dead reclaimer is passed over by creating the next generation (and stays
// on disk, inert: tokens never repeat, until the next lock holder removes it, leftovers.ts).
import { randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, unlinkSync, writeSync } from "node:fs";
import { readOwnedFile } from "./atomic-file.ts";
import { StateError } from "./errors.ts";

export interface LockOptions {
  timeoutMs?: number;
  /** Whether a process id is alive; the default probes with signal 0. */
  isAlive?: (pid: number) => boolean;
}

export interface HeldLock {
  /** This holder's token (recorded in the lock file). */
  readonly token: string;
  release(): void;
}

export interface LockOwner {
  pid: number;
  token: string;
}

/** Guards past this many dead reclaimers of one lock are not tried; the lock then stays busy (store_busy). */
const MAX_RECLAIM_GENERATIONS = 8;

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function ignoreMissing(work: () => void): void {
  try {
    work();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Creates `path` holding an owner record, complete, or returns false when it exists. */
export function tryCreateOwned(path: string, token: string): boolean {
  const aside = `${path}.new-${process.pid}-${randomBytes(6).toString("hex")}`;
  const fd = openSync(aside, "wx", 0o600);
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, token, at: new Date().toISOString() }));
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    ignoreMissing(() => unlinkSync(aside));
  }
}

/** The owner recorded in `path`, or null when absent or unreadable. */
export function readOwner(path: string): LockOwner | null {
  const bytes = readOwnedFile(path);
  if (bytes === null) return null;
  try {
    const value = JSON.parse(bytes.toString("utf8")) as { pid?: unknown; token?: unknown };
    return typeof value.pid === "number" && typeof value.token === "string"
      ? { pid: value.pid, token: value.token }
      : null;
  } catch {
    return null;
  }
}

/**
 * Removes the lock at `path` when its owner is dead, under the reclaim guard of that owner's token. Returns whether
 * this call removed it. `token` is the caller's own token (recorded in the guard).
 */
export function reclaimIfStale(path: string, token: string, isAlive: (pid: number) => boolean): boolean {
  const stale = readOwner(path);
  if (stale === null || isAlive(stale.pid)) return false;
  for (let generation = 0; generation < MAX_RECLAIM_GENERATIONS; generation += 1) {
    const guard = `${path}.reclaim-${stale.token}.${generation}`;
    if (!tryCreateOwned(guard, token)) {
      const reclaimer = readOwner(guard);
      if (reclaimer === null || isAlive(reclaimer.pid)) return false;
      continue;
    }
    // Only our own guard is ever removed: removing a dead reclaimer's guard could let a newcomer in beside the
    // live holder of a later generation.
    try {
      if (readOwner(path)?.token !== stale.token) return false;
      unlinkSync(path);
      return true;
    } finally {
      ignoreMissing(() => unlinkSync(guard));
    }
  }
  return false;
}

/** Acquires the lock at `path`, polling every few milliseconds. Throws `store_busy` after `timeoutMs`. */
export async function acquireLock(
  path: string,
  { timeoutMs = 5_000, isAlive = processAlive }: LockOptions = {},
): Promise<HeldLock> {
  const token = randomBytes(12).toString("hex");
  const deadline = Date.now() + timeoutMs;
  let attempt = 0;
  while (!tryCreateOwned(path, token)) {
    if (reclaimIfStale(path, token, isAlive)) continue;
    if (Date.now() > deadline)
      throw new StateError("store_busy", "the state store is locked by another writer; retry.");
    attempt += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(20, 1 + attempt) + Math.random() * 3));
  }
  return {
    token,
    release() {
      if (readOwner(path)?.token === token) ignoreMissing(() => unlinkSync(path));
    },
  };
}
