import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { commitCohort } from "./cohort-commit.ts";
import { git, gitStore } from "./git-testing.ts";

test("each accepted transition is one local commit naming its transition and seq; lock and journal never committed", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  await patch({ global: { contract: { b: 2 } }, session: { working: { c: 3 } } });
  const subjects = git(root, "log", "--format=%s").split("\n");
  assert.equal(subjects.length, 2);
  assert.match(subjects[0] as string, /^powercontext-state: tr_[0-9a-f]{16}$/);
  assert.match(git(root, "log", "-1", "--format=%B"), /\nTransition: tr_[0-9a-f]{16}\nSeq: \d+/);
  assert.deepEqual(git(root, "ls-files").split("\n").sort(), [
    ".gitignore",
    "scopes/cwd.p.json",
    "scopes/global.json",
    "scopes/session.s.json",
  ]);
  assert.equal(git(root, "status", "--porcelain"), "", "the caller-visible index matches the committed tree");
});

test("the isolated index stages the non-ignored worktree delta, respects .gitignore, and leaves the caller's index in sync", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  appendFileSync(join(root, ".gitignore"), "private/\n");
  mkdirSync(join(root, "private"));
  writeFileSync(join(root, "private", "secret.txt"), "never committed\n");
  writeFileSync(join(root, "notes.txt"), "a user's file beside the store\n");
  await patch({ cwd: { working: { a: 2 } } });
  const files = git(root, "ls-files");
  assert.match(files, /^notes\.txt$/m, "the complete non-ignored delta is committed");
  assert.doesNotMatch(files, /private/, ".gitignore stays authoritative");
  assert.equal(git(root, "diff", "--cached", "--name-only"), "", "nothing is left staged in the caller's index");
});

test("the committed blob is the prepared bytes, not whatever the worktree holds", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const file = join(root, "scopes", "cwd.p.json");
  writeFileSync(file, "not what was prepared\n");
  const outcome = await commitCohort(root, {
    transition: "tr_x",
    seq: 99,
    files: [{ path: file, bytes: "prepared\n" }],
  });
  assert.equal(outcome.status, "committed");
  assert.equal(git(root, "show", "HEAD:scopes/cwd.p.json"), "prepared");
});

test("without a git executable (ENOENT) the store runs file-only: same state and hot history, no commit", async () => {
  const { root, store, history, patch, logged } = gitStore({ binary: join(root0(), "no-such-git") });
  await patch({ cwd: { working: { a: 1 } } });
  await patch({ cwd: { working: { a: 2 } } });
  assert.equal(history.mode(), "file-only");
  assert.deepEqual(logged, ["git.unavailable"], "logged once");
  const view = await store.readView({ global: "global", cwd: "p", session: "s" });
  assert.deepEqual(view.cwd.current.working, { a: 2 });
  assert.equal(view.cwd.head?.tail.length, 2);
  await assert.rejects(history.readAt({ global: "global", cwd: "p", session: "s" }, "self", view), {
    code: "cold_history_unavailable",
  });
  assert.throws(() => git(root, "rev-parse", "HEAD"));
});

function root0(): string {
  return "/nonexistent-powercontext";
}
