import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sha256Hex } from "@powercontext/protocol";
import { deriveScope, type GitRunner } from "./scope.ts";

const noGit: GitRunner = async () => null;

test("an explicit scope wins and is hashed past 256 characters", async () => {
  assert.equal(await deriveScope("/any", { explicit: "team:billing", git: noGit }), "team:billing");
  const long = "x".repeat(257);
  assert.equal(await deriveScope("/any", { explicit: long, git: noGit }), `sha256:${sha256Hex(long)}`);
  assert.equal(await deriveScope("/any", { explicit: "y".repeat(256), git: noGit }), "y".repeat(256));
});

test("a Git origin becomes a git: scope; a very long identity is hashed", async () => {
  const git =
    (remote: string): GitRunner =>
    async (_cwd, args) =>
      args[0] === "rev-parse" ? "/repo" : remote;
  assert.equal(
    await deriveScope("/repo/sub", { git: git("https://u:p@github.com/acme/billing.git") }),
    "git:github.com/acme/billing",
  );
  const path = "a/".repeat(200) + "repo";
  const identity = `github.com/${path}`;
  assert.equal(
    await deriveScope("/repo", { git: git(`https://github.com/${path}.git`) }),
    `git:sha256:${sha256Hex(identity)}`,
  );
});

test("without a usable remote the scope is local:sha256(project root)", async () => {
  assert.equal(await deriveScope("/tmp/project", { git: noGit }), `local:${sha256Hex("/tmp/project")}`);
  const repoRoot: GitRunner = async (_cwd, args) => (args[0] === "rev-parse" ? "/tmp/repo" : "/srv/local-only.git");
  assert.equal(await deriveScope("/tmp/repo/src", { git: repoRoot }), `local:${sha256Hex("/tmp/repo")}`);
});

test("a real repository resolves its top level and origin through git", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pc-scope-")));
  execFileSync("git", ["init", "-q", root]);
  execFileSync("git", ["-C", root, "remote", "add", "origin", "git@github.com:Acme/Billing.git"]);
  mkdirSync(join(root, "src"));
  assert.equal(await deriveScope(join(root, "src")), "git:github.com/Acme/Billing");
  execFileSync("git", ["-C", root, "remote", "remove", "origin"]);
  assert.equal(await deriveScope(join(root, "src")), `local:${sha256Hex(root)}`);
});
