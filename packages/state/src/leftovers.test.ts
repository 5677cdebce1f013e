import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { leftoverPid } from "./leftovers.ts";
import { openStateStore } from "./state-file.ts";
import type { ViewKeys } from "./types.ts";

const KEYS: ViewKeys = { global: "global", cwd: "project", session: "s1" };

/** The pid of a process that has exited (so it is dead, unless the system reuses it at once). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

function leave(directory: string, names: string[]): void {
  for (const name of names) writeFileSync(join(directory, name), "previous bytes of a scope file");
}

test("the next lock holder removes dead writers' temporaries and handover files, never a live writer's nor a symlink", async () => {
  const root = join(mkdtempSync(join(tmpdir(), "pc-state-")), "store");
  mkdirSync(join(root, "scopes"), { recursive: true });
  const dead = deadPid();
  const live = process.pid;
  leave(root, [
    `.transaction.json.tmp-${dead}-0a1b2c3d4e5f`,
    `store.lock.new-${dead}-0a1b2c3d4e5f`,
    `store.lock.reclaim-00aa11bb22cc33dd44ee55ff.0.new-${dead}-0a1b2c3d4e5f`,
    `.transaction.json.tmp-${live}-0a1b2c3d4e5f`,
    `store.lock.new-${live}-0a1b2c3d4e5f`,
    "notes.txt",
  ]);
  writeFileSync(
    join(root, "store.lock.reclaim-00aa11bb22cc33dd44ee55ff.0"),
    JSON.stringify({ pid: dead, token: "ffee" }),
  );
  writeFileSync(join(root, "store.lock.reclaim-99aa11bb22cc33dd44ee55ff.0"), JSON.stringify({ pid: live, token: "a" }));
  leave(join(root, "scopes"), [`.global.json.tmp-${dead}-00ff00ff00ff`, `.cwd.project.json.tmp-${live}-00ff00ff00ff`]);
  symlinkSync(join(root, "notes.txt"), join(root, `.session.s1.json.tmp-${dead}-00ff`));
  const store = openStateStore({ root });
  await store.readView(KEYS);
  assert.deepEqual(readdirSync(root).sort(), [
    `.session.s1.json.tmp-${dead}-00ff`,
    `.transaction.json.tmp-${live}-0a1b2c3d4e5f`,
    "notes.txt",
    "scopes",
    `store.lock.new-${live}-0a1b2c3d4e5f`,
    "store.lock.reclaim-99aa11bb22cc33dd44ee55ff.0",
  ]);
  assert.deepEqual(readdirSync(join(root, "scopes")), [`.cwd.project.json.tmp-${live}-00ff00ff00ff`]);
});

test("only names of the store's own temporaries carry a pid", () => {
  assert.equal(leftoverPid(".global.json.tmp-42-abcdef"), 42);
  assert.equal(leftoverPid(".transaction.json.tmp-7-00"), 7);
  assert.equal(leftoverPid("store.lock.new-9-ab"), 9);
  assert.equal(leftoverPid("global.json"), null);
  assert.equal(leftoverPid("store.lock"), null);
  assert.equal(leftoverPid(".global.json.tmp-x-ab"), null);
});
