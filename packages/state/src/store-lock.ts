// The one store lock shared by every cooperating writer (all Pi processes using the same agent directory).
// An exclusive-create lock file names its owner; a lock whose owner process is gone is reclaimed.
import { randomBytes } from "node:crypto";
import { closeSync, openSync, unlinkSync, writeSync } from "node:fs";
import { StateError } from "./errors.ts";
import { readOwnedFile } from "./atomic-file.ts";

export interface LockOptions {
  timeoutMs?: number;
  /** Whether a process id is alive; the default probes with signal 0. */
  isAlive?: (pid: number) => boolean;
}

export interface HeldLock {
  release(): void;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function tryCreate(path: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, token, at: new Date().toISOString() }));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Removes the lock only when its owner is provably dead and its bytes are still the ones judged stale. */
function reclaimIfStale(path: string, isAlive: (pid: number) => boolean): void {
  const bytes = readOwnedFile(path);
  if (bytes === null) return;
  let pid: unknown;
  try {
    pid = (JSON.parse(bytes.toString("utf8")) as { pid?: unknown }).pid;
  } catch {
    return;
  }
  if (typeof pid !== "number" || isAlive(pid)) return;
  const again = readOwnedFile(path);
  if (again === null || !again.equals(bytes)) return;
  try {
    unlinkSync(path);
  } catch {
    // another writer reclaimed it first
  }
}

/** Acquires the lock at `path`, polling every few milliseconds. Throws `store_busy` after `timeoutMs`. */
export async function acquireLock(
  path: string,
  { timeoutMs = 5_000, isAlive = processAlive }: LockOptions = {},
): Promise<HeldLock> {
  const token = randomBytes(12).toString("hex");
  const deadline = Date.now() + timeoutMs;
  let attempt = 0;
  while (!tryCreate(path, token)) {
    reclaimIfStale(path, isAlive);
    if (Date.now() > deadline)
      throw new StateError("store_busy", "the state store is locked by another writer; retry.");
    attempt += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(20, 1 + attempt) + Math.random() * 3));
  }
  return {
    release() {
      const bytes = readOwnedFile(path);
      if (bytes === null) return;
      try {
        if ((JSON.parse(bytes.toString("utf8")) as { token?: unknown }).token === token) unlinkSync(path);
      } catch {
        // not ours or unreadable: leave it
      }
    },
  };
}
