import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runGit } from "./git-command.ts";

test("Git run for the store ignores a GIT_DIR (and the like) inherited from a hook: it finds the store's repository", async (t) => {
  const root = mkdtempSync(join(tmpdir(), "pc-state-git-env-"));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const store = join(root, "store");
  const caller = join(root, "caller");
  mkdirSync(store);
  mkdirSync(caller);
  assert.equal((await runGit(store, ["init", "-q"])).code, 0);
  assert.equal((await runGit(caller, ["init", "-q"])).code, 0);
  const saved = { GIT_DIR: process.env.GIT_DIR, GIT_WORK_TREE: process.env.GIT_WORK_TREE };
  t.after(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });
  process.env.GIT_DIR = join(caller, ".git");
  process.env.GIT_WORK_TREE = caller;
  const found = await runGit(store, ["rev-parse", "--absolute-git-dir"]);
  assert.equal(found.code, 0, found.stderr);
  assert.equal(found.stdout.toString("utf8").trim(), join(store, ".git"));
});
