import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { processAlive, tryCreateOwned } from "../store-lock.ts";
import { git, gitStore, initBare, scratch } from "./git-testing.ts";
import { REMOTE_REF } from "./git-history.ts";
import { claimLease } from "./push-lease.ts";
import { pushDirectory, readQueue } from "./push-queue.ts";
import { runPushWorker } from "./push-worker.ts";

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid as number;
}

test("the newest commit is pushed to a bare remote in the background; the queue empties", async () => {
  const remote = initBare();
  const { root, history, patch } = gitStore({ remote });
  await patch({ cwd: { working: { a: 1 } } });
  await patch({ cwd: { working: { a: 2 } } });
  history.publish();
  const outcome = await history.settled();
  assert.deepEqual(outcome, { status: "pushed", target: git(root, "rev-parse", "HEAD") });
  assert.equal(git(remote, "rev-parse", REMOTE_REF), git(root, "rev-parse", "HEAD"));
  assert.equal(readQueue(pushDirectory(root)).kind, "empty");
});

test("a failed push stays queued, state is untouched, and a later process retries it (restart)", async () => {
  const missing = join(scratch("remote"), "not-yet.git");
  const first = gitStore({ remote: missing });
  await first.patch({ cwd: { working: { a: 1 } } });
  first.history.publish();
  const failed = await first.history.settled();
  assert.equal(failed?.status, "failed");
  const queued = readQueue(pushDirectory(first.root));
  assert.ok(queued.kind === "queued");
  assert.equal(queued.read.record.attempts, 1);
  assert.deepEqual((await first.store.readView({ global: "global", cwd: "p", session: "s" })).cwd.current.working, {
    a: 1,
  });
  execFileSync("git", ["init", "-q", "--bare", missing]);
  const restarted = gitStore({ remote: missing }, first.root);
  restarted.history.resume();
  assert.equal((await restarted.history.settled())?.status, "pushed");
  assert.equal(git(missing, "rev-parse", REMOTE_REF), git(first.root, "rev-parse", "HEAD"));
});

test("a push past its deadline has its whole process group killed (the remote's hook included)", async () => {
  const remote = initBare();
  const pidFile = join(scratch("hook"), "hook.pid");
  const hook = join(remote, "hooks", "pre-receive");
  writeFileSync(hook, `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 30\n`);
  chmodSync(hook, 0o755);
  const { root, history, patch } = gitStore({ remote, pushTimeoutMs: 1_500 });
  await patch({ cwd: { working: { a: 1 } } });
  const started = Date.now();
  history.publish();
  const outcome = await history.settled();
  assert.equal(outcome?.status, "timeout");
  assert.ok(Date.now() - started < 10_000, "bounded by the deadline");
  assert.ok(existsSync(pidFile), "the hook ran");
  const hookPid = Number(readFileSync(pidFile, "utf8"));
  // A killed process lingers as a zombie until its new parent reaps it: allow that a moment.
  for (let wait = 0; wait < 40 && processAlive(hookPid); wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(processAlive(hookPid), false, `the hook's process ${hookPid} was killed with the group`);
  const queued = readQueue(pushDirectory(root));
  assert.ok(queued.kind === "queued" && queued.read.record.last_error?.includes("killed"));
});

test("close (session_shutdown) kills a running push at once; its target stays queued for the next process", async () => {
  const remote = initBare();
  const hook = join(remote, "hooks", "pre-receive");
  writeFileSync(hook, "#!/bin/sh\nexec sleep 30\n");
  chmodSync(hook, 0o755);
  const { root, history, patch } = gitStore({ remote });
  await patch({ cwd: { working: { a: 1 } } });
  history.publish();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const started = Date.now();
  await history.close();
  assert.ok(Date.now() - started <= 2_500, "close waits at most its 2 s budget");
  assert.equal((await history.settled())?.status, "timeout");
  assert.ok(readQueue(pushDirectory(root)).kind === "queued");
  assert.equal(existsSync(join(pushDirectory(root), "lease")), false, "the lease is released");
});

test("leases: a live owner is kept, a dead owner is reclaimed, a malformed lease is preserved, release needs the token", async () => {
  const directory = pushDirectory(join(scratch("lease"), "store"));
  const lease = join(directory, "lease");
  assert.ok(tryCreateOwned(lease, "someone-else-live"));
  writeFileSync(lease, JSON.stringify({ pid: process.ppid, token: "live" }));
  assert.equal(await claimLease(directory), null, "a live owner keeps its lease");
  writeFileSync(lease, JSON.stringify({ pid: deadPid(), token: "dead" }));
  const claimed = await claimLease(directory);
  assert.ok(claimed !== null, "a dead owner's lease is reclaimed");
  writeFileSync(lease, JSON.stringify({ pid: process.pid, token: "not-mine" }));
  claimed.release();
  assert.ok(existsSync(lease), "release without the exact token removes nothing");
  writeFileSync(lease, "{malformed");
  assert.equal(await claimLease(directory), null);
  assert.equal(readFileSync(lease, "utf8"), "{malformed", "a malformed lease is preserved");
});

test("a worker finding the lease held by a live process stands aside (busy)", async () => {
  const remote = initBare();
  const { root, patch } = gitStore({ remote });
  await patch({ cwd: { working: { a: 1 } } });
  const directory = pushDirectory(root);
  writeFileSync(join(directory, "lease"), JSON.stringify({ pid: process.ppid, token: "other" }));
  const outcome = await runPushWorker(root, { destination: { remote, ref: REMOTE_REF } });
  assert.equal(outcome.status, "busy");
});
