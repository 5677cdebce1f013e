// The bin run directly with a Node older than 22.19 (as a system Node often is) must say how to run it instead of
// crashing on the TypeScript it cannot load. Needs such a Node on PATH outside the repository's node_modules.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { test } from "node:test";
import { BIN_PATH } from "../src/testing/server-process.ts";

function olderSystemNode(): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "" || dir.includes("node_modules")) continue;
    const candidate = join(dir, "node");
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const version = spawnSync(candidate, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim();
    const [major = 0, minor = 0] = version.split(".").map(Number);
    if (major < 22 || (major === 22 && minor < 19)) return candidate;
  }
  return null;
}

test("the bin under a Node older than 22.19 prints how to run it and exits 2, without a stack trace", (t) => {
  const node = olderSystemNode();
  if (node === null) return t.skip("no Node older than 22.19 on PATH outside node_modules");
  const run = spawnSync(node, [BIN_PATH, "server", "run"], { encoding: "utf8", timeout: 10_000 });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /needs Node >= 22\.19/);
  assert.match(run.stderr, /npx powercontext server run/);
  assert.doesNotMatch(run.stderr, /ERR_UNKNOWN_FILE_EXTENSION|at .*\.ts:\d+/);
  assert.equal(run.stdout, "");
});

test("the bin under the repository's Node runs the CLI", () => {
  const run = spawnSync(process.execPath, [BIN_PATH, "--version"], { encoding: "utf8", timeout: 10_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^\d+\.\d+\.\d+\n$/);
});
