import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sha256Hex } from "@powercontext/protocol";
import { projectScope } from "./project-scope.ts";

test("inside a repository the default is the origin's Scope, or the root's hash without one; outside, none", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pc-mcp-scope-")));
  assert.equal(await projectScope(root), null, "not a repository");
  assert.equal(await projectScope(root, { explicit: "team:billing" }), "team:billing");
  execFileSync("git", ["init", "-q", root]);
  assert.equal(await projectScope(root), `local:${sha256Hex(root)}`);
  execFileSync("git", ["-C", root, "remote", "add", "origin", "https://token@GitHub.com/Acme/Billing.git"]);
  assert.equal(await projectScope(root), "git:github.com/Acme/Billing");
});
