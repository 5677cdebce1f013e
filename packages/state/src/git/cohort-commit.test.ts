import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { openStateStore } from "../state-file.ts";
import { commitCohort } from "./cohort-commit.ts";
import { git, gitStore, KEYS, scratch } from "./git-testing.ts";

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

test("the commit stages the non-ignored worktree delta, respects .gitignore, and leaves the caller's index in sync", async () => {
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

/** A `git` that records each command's subcommand in `log` before running the real one. */
function recordingGit(directory: string): { binary: string; commands: () => string[] } {
  const log = join(directory, "git-commands.log");
  const binary = join(directory, "recording-git");
  writeFileSync(binary, `#!/bin/sh\necho "$1" >> '${log}'\nexec git "$@"\n`, { mode: 0o755 });
  return { binary, commands: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []) };
}

test("the committed tree is the one `git add -A` of the same worktree gives (nested, executable, symlink, names around '/')", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  mkdirSync(join(root, "sub dir"));
  writeFileSync(join(root, "sub dir", "b c.txt"), "x");
  writeFileSync(join(root, "run.sh"), "#!/bin/sh\n", { mode: 0o755 });
  symlinkSync("run.sh", join(root, "link"));
  writeFileSync(join(root, "a-b"), "1");
  mkdirSync(join(root, "a"));
  writeFileSync(join(root, "a", "x"), "2");
  await patch({ global: { contract: { b: 2 } }, session: { working: { c: 3 } } });
  const index = join(root, "..", "check-index");
  execFileSync("git", ["add", "-A"], { cwd: root, env: { ...process.env, GIT_INDEX_FILE: index } });
  const expected = execFileSync("git", ["write-tree"], { cwd: root, env: { ...process.env, GIT_INDEX_FILE: index } });
  assert.equal(git(root, "rev-parse", "HEAD^{tree}"), expected.toString().trim());
  assert.equal(git(root, "fsck", "--strict", "--no-dangling"), "", "every object and the reflog are well formed");
  assert.match(git(root, "reflog", "-1"), /HEAD@\{0\}: commit: powercontext-state: tr_/);
});

test("in the steady state a commit starts no Git process; new untracked paths ask Git once which are ignored", async () => {
  const recording = recordingGit(scratch("recording"));
  const { root, patch } = gitStore({ binary: recording.binary });
  await patch({ cwd: { working: { a: 1 } } });
  const afterFirst = recording.commands().length;
  for (let step = 2; step <= 4; step += 1) await patch({ cwd: { working: { a: step } } });
  const syncs = (commands: string[]) => commands.filter((command) => command !== "read-tree");
  assert.deepEqual(syncs(recording.commands().slice(afterFirst)), [], "only the caller index's read-tree ran");
  writeFileSync(join(root, "notes.txt"), "a user's file\n");
  writeFileSync(join(root, "ignored.log"), "");
  appendFileSync(join(root, ".gitignore"), "*.log\n");
  const before = recording.commands().length;
  await patch({ cwd: { working: { a: 5 } } });
  await patch({ cwd: { working: { a: 6 } } });
  assert.deepEqual(syncs(recording.commands().slice(before)), ["ls-files"], "asked once, then remembered");
  assert.deepEqual(git(root, "ls-tree", "--name-only", "HEAD").split("\n").includes("notes.txt"), true);
  assert.doesNotMatch(git(root, "ls-tree", "-r", "--name-only", "HEAD"), /ignored\.log/);
});

test("after the user packs the repository (git gc), the parent tree is listed through Git and nothing is lost", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  await patch({ global: { contract: { b: 1 } } });
  git(root, "gc", "-q", "--prune=now");
  assert.equal(git(root, "count-objects"), "0 objects, 0 kilobytes", "every object is packed");
  await gitStore({}, root).patch({ cwd: { working: { a: 2 } } });
  assert.deepEqual(git(root, "ls-tree", "-r", "--name-only", "HEAD").split("\n"), [
    ".gitignore",
    "scopes/cwd.p.json",
    "scopes/global.json",
  ]);
  assert.match(git(root, "show", "HEAD:scopes/cwd.p.json"), /"a":2/);
  assert.equal(git(root, "status", "--porcelain"), "");
});

test("a transition whose commit never ran (a kill after its files became visible) is carried by the next process's commit", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const killed = openStateStore({ root });
  const view = await killed.readView(KEYS);
  await killed.publish(KEYS, view, { patches: { global: { contract: { lost: "no" } } }, final: false });
  const next = gitStore({}, root);
  await next.patch({ cwd: { working: { a: 2 } } });
  assert.match(git(root, "show", "HEAD:scopes/global.json"), /"lost":"no"/);
  assert.match(git(root, "show", "HEAD:scopes/cwd.p.json"), /"a":2/);
  assert.equal(git(root, "log", "--format=%H").split("\n").length, 2);
});

/** Makes every object write fail (objects/ becomes a file), even for root; returns the repair. */
function breakObjects(root: string): () => void {
  const objects = join(root, ".git", "objects");
  renameSync(objects, `${objects}.away`);
  writeFileSync(objects, "not a directory");
  return () => {
    rmSync(objects);
    renameSync(`${objects}.away`, objects);
  };
}

test("a commit failing in the file system refuses the transition: its files are rolled back, the next patch commits", async () => {
  const { root, store, patch, logged } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  const before = readFileSync(join(root, "scopes", "cwd.p.json"));
  const repair = breakObjects(root);
  await assert.rejects(patch({ cwd: { working: { a: 2 } }, session: { working: { s: 1 } } }), {
    code: "history_commit_failed",
  });
  assert.deepEqual(logged, ["git.commit_failed"]);
  assert.deepEqual(readFileSync(join(root, "scopes", "cwd.p.json")), before, "the previous bytes are back");
  assert.ok(!existsSync(join(root, "scopes", "session.s.json")), "a scope file the transition created is removed");
  assert.ok(!existsSync(join(root, "transaction.json")), "the rollback's journal is removed");
  assert.deepEqual((await store.readView(KEYS)).cwd.current.working, { a: 1 });
  repair();
  await patch({ global: { contract: { b: 1 } } });
  assert.match(git(root, "show", "HEAD:scopes/cwd.p.json"), /"a":1/);
  assert.equal(git(root, "status", "--porcelain"), "", "HEAD holds the files as they are");
  assert.equal(git(root, "log", "--format=%H").split("\n").length, 2);
});

test("the rollback of a refused transition keeps bytes another writer put in its files meanwhile", async () => {
  const { root, history, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } }, global: { contract: { g: 1 } } });
  const cwdFile = join(root, "scopes", "cwd.p.json");
  const globalBefore = readFileSync(join(root, "scopes", "global.json"));
  const store = openStateStore({
    root,
    afterPublish: async (cohort) => {
      writeFileSync(cwdFile, "another writer's bytes\n");
      return history.commit(cohort);
    },
  });
  breakObjects(root);
  const basis = await store.readView(KEYS);
  await assert.rejects(
    store.publish(KEYS, basis, {
      patches: { cwd: { working: { a: 2 } }, global: { contract: { g: 2 } } },
      final: false,
    }),
    { code: "history_commit_failed" },
  );
  assert.equal(readFileSync(cwdFile, "utf8"), "another writer's bytes\n", "not this publication's output: kept");
  assert.deepEqual(readFileSync(join(root, "scopes", "global.json")), globalBefore, "its own output: restored");
});

test("with .gitattributes clean filters and end-of-line rules in the store, the commit holds the prepared bytes unfiltered", async () => {
  const { root, patch } = gitStore();
  await patch({ cwd: { working: { a: 1 } } });
  writeFileSync(join(root, ".gitattributes"), "*.json filter=shout text eol=crlf\n");
  git(root, "config", "filter.shout.clean", "tr a-z A-Z");
  await patch({ cwd: { working: { text: "lower case\nsecond line" } } });
  const onDisk = readFileSync(join(root, "scopes", "cwd.p.json"));
  const committed = execFileSync("git", ["cat-file", "blob", "HEAD:scopes/cwd.p.json"], { cwd: root });
  assert.deepEqual(committed, onDisk, "exactly the prepared bytes");
  assert.match(committed.toString("utf8"), /"lower case\\nsecond line"/);
  const filtered = git(root, "hash-object", "--path", "scopes/cwd.p.json", "scopes/cwd.p.json");
  assert.notEqual(git(root, "rev-parse", "HEAD:scopes/cwd.p.json"), filtered, "`git add` would have filtered them");
});
