import assert from "node:assert/strict";
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { git, gitStore } from "./git-testing.ts";

function commits(root: string): number {
  return git(root, "log", "--format=%H").split("\n").length;
}

test("a ref lock left by a killed Git process blocks commits only until it is older than any Git command of ours", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const branch = git(root, "symbolic-ref", "--short", "HEAD");
  const lock = join(root, ".git", "refs", "heads", `${branch}.lock`);
  writeFileSync(lock, "");
  await patch({ cwd: { working: { a: 2 } } });
  assert.equal(commits(root), 1, "a fresh ref lock may be a live Git's: left alone, that commit fails");
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
