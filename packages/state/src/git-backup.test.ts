import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { commitBackup } from "./git-backup.ts";
import { openStateStore } from "./state-file.ts";

test("each accepted turn becomes one local commit of the owned files; an unchanged store commits nothing", async () => {
  const root = join(mkdtempSync(join(tmpdir(), "pc-state-git-")), "store");
  const store = openStateStore({ root });
  const keys = { global: "global", cwd: "p", session: "s" };
  await store.publish(keys, await store.readView(keys), { patches: { cwd: { working: { a: 1 } } }, final: false });
  assert.equal(await store.locked(() => commitBackup(root, "turn 1")), "committed");
  assert.equal(await store.locked(() => commitBackup(root, "turn 2")), "unchanged");
  await store.publish(keys, await store.readView(keys), { patches: { cwd: { working: { a: 2 } } }, final: false });
  assert.equal(await store.locked(() => commitBackup(root, "turn 3")), "committed");
  const log = execFileSync("git", ["log", "--format=%s"], { cwd: root, encoding: "utf8" }).trim().split("\n");
  assert.deepEqual(log, ["turn 3", "turn 1"]);
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).trim().split("\n");
  assert.deepEqual(files.sort(), [".gitignore", "scopes/cwd.p.json"]);
});
