import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PRIVATE_DIRECTORY } from "./cohort-commit.ts";
import { GIT_TIMEOUT_MS } from "./git-command.ts";
import { git, gitStore, KEYS } from "./git-testing.ts";

function commits(root: string): number {
  return git(root, "log", "--format=%H").split("\n").length;
}

test("a ref lock left by a killed Git process refuses patches only until it is older than any Git command of ours (30 s)", async () => {
  assert.equal(2 * GIT_TIMEOUT_MS, 30_000, "the documented wait bound");
  const { root, store, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const branch = git(root, "symbolic-ref", "--short", "HEAD");
  const lock = join(root, ".git", "refs", "heads", `${branch}.lock`);
  writeFileSync(lock, "");
  await assert.rejects(patch({ cwd: { working: { a: 2 } } }), { code: "history_commit_failed" });
  assert.equal(commits(root), 1, "a fresh ref lock may be a live Git's: left alone, that commit fails");
  assert.deepEqual((await store.readView(KEYS)).cwd.current.working, { a: 1 }, "and its transition is refused");
  assert.ok(existsSync(lock));
  const old = new Date(Date.now() - 60_000);
  utimesSync(lock, old, old);
  await patch({ cwd: { working: { a: 3 } } });
  assert.equal(commits(root), 2, "the stale lock was removed and the next commit carries the state");
  assert.ok(!existsSync(lock));
  assert.match(git(root, "show", "HEAD:scopes/cwd.p.json"), /"a":3/);
});

test("the caller-visible index.lock is never removed, however old (a user's editor may hold it)", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const lock = join(root, ".git", "index.lock");
  writeFileSync(lock, "");
  const old = new Date(Date.now() - 60_000);
  utimesSync(lock, old, old);
  await patch({ cwd: { working: { a: 2 } } });
  assert.equal(commits(root), 2, "store commits stage in-process, never through the caller's index");
  assert.ok(existsSync(lock));
});

test("a private index and its lock left by a dead process never block a commit and are removed", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const dead = spawnSync(process.execPath, ["-e", ""]).pid;
  const privateDir = join(root, ".git", PRIVATE_DIRECTORY);
  mkdirSync(privateDir, { recursive: true });
  const index = join(privateDir, `index.tmp-${dead}-0123456789ab`);
  writeFileSync(index, "");
  writeFileSync(`${index}.lock`, "");
  await patch({ cwd: { working: { a: 2 } } });
  assert.equal(commits(root), 2);
  assert.ok(!existsSync(index) && !existsSync(`${index}.lock`), "a dead writer's private files are removed");
});
