import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { acquireLock, processAlive, readOwner, reclaimIfStale, tryCreateOwned } from "./store-lock.ts";

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  assert.ok(pid !== undefined && !processAlive(pid));
  return pid;
}

function staleLock(): { lock: string; token: string } {
  const lock = join(mkdtempSync(join(tmpdir(), "pc-state-lock-")), "store.lock");
  writeFileSync(lock, JSON.stringify({ pid: deadPid(), token: "dead-owner" }));
  return { lock, token: "dead-owner" };
}

test("two processes reclaiming the same dead lock at once: the late one cannot remove the lock the first one took", () => {
  const { lock } = staleLock();
  let raced = false;
  // B judges the owner dead; at that instant A reclaims the same lock and takes a fresh one.
  const reclaimedByB = reclaimIfStale(lock, "token-b", (pid) => {
    if (!raced) {
      raced = true;
      assert.equal(reclaimIfStale(lock, "token-a", processAlive), true);
      assert.equal(tryCreateOwned(lock, "token-a"), true);
    }
    return pid === process.pid;
  });
  assert.equal(raced, true);
  assert.equal(reclaimedByB, false);
  assert.equal(readOwner(lock)?.token, "token-a", "A's fresh lock survives B's reclaim");
  assert.deepEqual(
    readdirSync(join(lock, "..")).filter((name) => name !== "store.lock"),
    [],
    "no guard or handover file is left",
  );
});

test("while another live process holds the reclaim guard of a dead lock, nobody else removes the lock", () => {
  const { lock, token } = staleLock();
  assert.equal(tryCreateOwned(`${lock}.reclaim-${token}.0`, "busy-reclaimer"), true);
  assert.equal(reclaimIfStale(lock, "token-b", processAlive), false);
  assert.equal(readOwner(lock)?.token, token);
});

test("a reclaim guard left by a dead reclaimer is passed over by the next generation", async () => {
  const { lock, token } = staleLock();
  writeFileSync(`${lock}.reclaim-${token}.0`, JSON.stringify({ pid: deadPid(), token: "dead-reclaimer" }));
  const held = await acquireLock(lock, { timeoutMs: 1_000 });
  assert.notEqual(readOwner(lock)?.token, token);
  held.release();
  assert.equal(existsSync(lock), false);
});

test("processes racing to reclaim a dead owner's lock, again and again, never hold it together", async () => {
  const { lock } = staleLock();
  const marker = join(lock, "..", "holder");
  const holder = new URL("./testing/lock-holder-process.ts", import.meta.url).pathname;
  const run = promisify(execFile);
  const outputs = await Promise.all(
    Array.from({ length: 6 }, () =>
      run(process.execPath, ["--disable-warning=ExperimentalWarning", holder, lock, marker]),
    ),
  );
  assert.deepEqual(
    outputs.map(({ stdout }) => JSON.parse(stdout) as { alone: boolean }),
    Array.from({ length: 6 }, () => ({ alone: true })),
  );
});
