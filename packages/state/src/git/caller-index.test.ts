import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { git, gitStore } from "./git-testing.ts";

test("a user's held index.lock is never broken: the commit is made, the lock and the caller's index stay as they are", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const index = join(root, ".git", "index");
  const lock = join(root, ".git", "index.lock");
  const indexBefore = readFileSync(index);
  writeFileSync(lock, "a user's git commit is writing the index\n");
  await patch({ cwd: { working: { a: 2 } } });
  assert.match(git(root, "show", "HEAD:scopes/cwd.p.json"), /"a":2/, "the store's commit does not need the lock");
  assert.equal(readFileSync(lock, "utf8"), "a user's git commit is writing the index\n");
  assert.deepEqual(readFileSync(index), indexBefore, "the caller's index is left for its owner");
  rmSync(lock);
  await patch({ cwd: { working: { a: 3 } } });
  assert.equal(git(root, "status", "--porcelain"), "", "the next synchronization catches up");
});

test("a burst of commits leaves the caller's index at the newest commit's tree", async () => {
  const { root, store, history } = gitStore();
  const keys = { global: "global", cwd: "p", session: "s" };
  for (let step = 1; step <= 5; step += 1) {
    const result = await store.publish(keys, await store.readView(keys), {
      patches: { cwd: { working: { step } } },
      final: false,
    });
    assert.equal(result.status, "committed");
  }
  await history.indexSynced();
  assert.equal(git(root, "status", "--porcelain"), "");
  assert.equal(git(root, "log", "--format=%H").split("\n").length, 5);
});
