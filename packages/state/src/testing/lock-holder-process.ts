// A child process for the lock-reclaim test: `node lock-holder-process.ts <lock> <marker>` acquires the store lock,
// proves it is alone (exclusive create of `marker`), holds it briefly, then exits WITHOUT releasing, so the next
// process must reclaim a dead owner's lock. Prints {alone}.
import { openSync, closeSync, unlinkSync } from "node:fs";
import { acquireLock } from "../store-lock.ts";

const [lock, marker] = process.argv.slice(2) as [string, string];
await acquireLock(lock, { timeoutMs: 60_000 });
let alone = true;
try {
  closeSync(openSync(marker, "wx"));
} catch {
  alone = false;
}
await new Promise((resolve) => setTimeout(resolve, 25));
if (alone) unlinkSync(marker);
process.stdout.write(JSON.stringify({ alone }));
process.exit(0);
