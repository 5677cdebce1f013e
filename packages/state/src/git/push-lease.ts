// The worker lease of one destination: `lease` in the push directory, created exclusively (link of a complete file),
// naming the worker's pid and a token. A live owner's lease is never touched. A dead owner's is reclaimed only under
// the queue's writer lock, after re-reading a valid record whose pid answers ESRCH; a malformed or symlinked lease is
// left as it is (the destination stays busy until someone looks). Release needs this process's pid and exact token.
import { randomBytes } from "node:crypto";
import { unlinkSync } from "node:fs";
import { join } from "node:path";
import { processAlive, readOwner, tryCreateOwned } from "../store-lock.ts";
import { underWriterLock } from "./push-queue.ts";

export interface Lease {
  token: string;
  release(): void;
}

function leasePath(directory: string): string {
  return join(directory, "lease");
}

/** Removes a lease whose owner is proven dead (ESRCH), under the writer lock. Returns whether it did. */
export async function reclaimDeadLease(directory: string, isAlive = processAlive): Promise<boolean> {
  return underWriterLock(directory, () => {
    let owner: ReturnType<typeof readOwner>;
    try {
      owner = readOwner(leasePath(directory));
    } catch {
      return false; // A symlink or non-regular lease: preserved.
    }
    if (owner === null || isAlive(owner.pid)) return false;
    unlinkSync(leasePath(directory));
    return true;
  });
}

/** Claims the lease, reclaiming a dead owner's first; null while a live owner (or an unreadable lease) holds it. */
export async function claimLease(directory: string, isAlive = processAlive): Promise<Lease | null> {
  const token = randomBytes(12).toString("hex");
  const path = leasePath(directory);
  if (!tryCreateOwned(path, token)) {
    if (!(await reclaimDeadLease(directory, isAlive))) return null;
    // A fresh claim by another process may win this gap; it then owns the lease and we stand aside.
    if (!tryCreateOwned(path, token)) return null;
  }
  return {
    token,
    release() {
      let owner: ReturnType<typeof readOwner> = null;
      try {
        owner = readOwner(path);
      } catch {
        return;
      }
      if (owner?.pid === process.pid && owner.token === token) unlinkSync(path);
    },
  };
}
