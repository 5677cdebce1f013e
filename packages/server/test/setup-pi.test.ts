// `powercontext setup pi`: from a local bare Git repository acting as the remote, with failures injected during the
// swap and in `pi install`. Every test has its own HOME, Pi agent dir and data dir.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { NODE_COMMAND_RUNNER } from "../src/cli/command-runner.ts";
import { NODE_FILE_OPS, type FileOps } from "../src/cli/pi/setup/file-ops.ts";
import { setupPi } from "../src/cli/pi/setup/setup-pi.ts";
import { createFixture, PACKAGE_DIR, REAL_PI, writeFakePi, type PiCliFixture } from "./pi-cli-fixture.ts";

const GIT = [
  "-c",
  "user.name=PowerContext Test",
  "-c",
  "user.email=test@example.invalid",
  "-c",
  "init.defaultBranch=main",
];

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", [...GIT, ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: cwd, GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();
}

/** A bare repository whose root is a copy of packages/pi, with one commit; returns its path and a work tree. */
function makeRemote(fixture: PiCliFixture): { bare: string; work: string; commit(message: string): string } {
  const work = fixture.copyPackage("remote-work");
  git(work, "init", "--quiet");
  git(work, "add", "-A");
  git(work, "commit", "--quiet", "-m", "powercontext-pi");
  const bare = join(fixture.root, "remote.git");
  git(fixture.root, "clone", "--quiet", "--bare", work, bare);
  git(work, "remote", "add", "origin", bare);
  return {
    bare,
    work,
    commit(message) {
      writeFileSync(join(work, "CHANGELOG.md"), `${message}\n`);
      git(work, "add", "-A");
      git(work, "commit", "--quiet", "-m", message);
      git(work, "push", "--quiet", "origin", "HEAD:main");
      return git(work, "rev-parse", "HEAD");
    },
  };
}

function piInstall(fixture: PiCliFixture, dir: string): void {
  execFileSync(REAL_PI, ["install", dir], { env: fixture.env(), encoding: "utf8" });
}

function resolvedPackages(fixture: PiCliFixture): string[] {
  return fixture.settingsPackages().map((entry) => join(fixture.agentDir, String(entry)));
}

test("setup pi fetches a ref from a bare repository through staging, installs it and then removes the superseded registration", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  const remote = makeRemote(fixture);
  piInstall(fixture, PACKAGE_DIR);
  assert.deepEqual(resolvedPackages(fixture), [PACKAGE_DIR.replace(/\/$/, "")]);

  const result = await fixture.cli(["setup", "pi", "--source", remote.bare, "--ref", "main", "--json"]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(result.stderr, "", "--json suppresses progress");
  const report = JSON.parse(result.stdout);
  const checkout = join(fixture.dataDir, "pi", "checkout");
  assert.equal(report.ok, true);
  assert.equal(report.package_dir, checkout);
  assert.equal(report.source.kind, "git");
  assert.equal(report.source.commit, git(remote.work, "rev-parse", "HEAD"));
  assert.deepEqual(
    report.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`),
    ["fetch:ok", "verify package:ok", "swap checkout:ok", "pi install:ok", "remove superseded:ok", "doctor pi:ok"],
  );
  assert.deepEqual(report.removed, [PACKAGE_DIR.replace(/\/$/, "")]);
  assert.deepEqual(resolvedPackages(fixture), [checkout]);
  assert.deepEqual(readdirSync(join(fixture.dataDir, "pi")), ["checkout"], "no staging or backup directory is left");
  assert.equal(
    readFileSync(join(checkout, ".git", "config"), "utf8").includes(remote.bare),
    false,
    "the remote is not stored in the checkout",
  );

  const second = remote.commit("second");
  const human = await fixture.cli(["setup", "pi", "--source", remote.bare, "--ref", "main"]);
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stderr, /setup pi: \[1\/6\] ok {4}fetch: .* main → [0-9a-f]{40}/);
  assert.match(human.stderr, /setup pi: \[6\/6\] ok {4}doctor pi/);
  assert.match(human.stdout, /powercontext-pi is installed from/);
  assert.equal(git(checkout, "rev-parse", "HEAD"), second);
  assert.deepEqual(resolvedPackages(fixture), [checkout]);
});

test("a failure during the swap leaves the previous checkout in place", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  const remote = makeRemote(fixture);
  const first = git(remote.work, "rev-parse", "HEAD");
  const deps = {
    runner: NODE_COMMAND_RUNNER,
    env: fixture.env(),
    dataDir: fixture.dataDir,
    defaultPackageDir: null,
    onProgress: () => undefined,
  };
  const installed = await setupPi({ ...deps, files: NODE_FILE_OPS }, { source: remote.bare, ref: "main" });
  assert.equal(installed.ok, true, JSON.stringify(installed.steps));
  const checkout = join(fixture.dataDir, "pi", "checkout");

  remote.commit("second");
  const failingSwap: FileOps = {
    ...NODE_FILE_OPS,
    async rename(from, to) {
      if (from.includes(`${join(fixture.dataDir, "pi")}/staging-`)) throw new Error("injected: rename failed");
      await NODE_FILE_OPS.rename(from, to);
    },
  };
  const failed = await setupPi({ ...deps, files: failingSwap }, { source: remote.bare, ref: "main" });
  assert.equal(failed.ok, false);
  const swap = failed.steps.find((s) => s.name === "swap checkout");
  assert.equal(swap?.status, "failed");
  assert.match(swap?.detail ?? "", /injected: rename failed.*previous checkout was restored/);
  assert.equal(
    failed.steps.some((s) => s.name === "pi install"),
    false,
    "nothing is installed after a failed swap",
  );
  assert.equal(git(checkout, "rev-parse", "HEAD"), first, "the previous checkout is in place");
  assert.deepEqual(readdirSync(join(fixture.dataDir, "pi")), ["checkout"], "staging and backup are gone");
  assert.deepEqual(resolvedPackages(fixture), [checkout]);
});

test("a failing pi install does not remove earlier registrations", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  piInstall(fixture, PACKAGE_DIR);
  const before = readFileSync(join(fixture.agentDir, "settings.json"), "utf8");
  const log = join(fixture.root, "pi-calls.log");
  fixture.pathPrefix.push(
    writeFakePi(
      fixture.root,
      `
const { appendFileSync } = require("node:fs");
const { spawnSync } = require("node:child_process");
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, args.join(" ") + "\\n");
if (args[0] === "install") { process.stderr.write("install failed (injected)\\n"); process.exit(1); }
process.exit(spawnSync(${JSON.stringify(REAL_PI)}, args, { stdio: "inherit" }).status ?? 1);
`,
    ),
  );
  const copy = fixture.copyPackage("other-checkout");
  const result = await fixture.cli(["setup", "pi", "--source", copy, "--json"]);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(report.ok, false);
  assert.deepEqual(
    report.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`),
    ["verify package:ok", "pi install:failed"],
  );
  assert.match(report.steps[1].detail, /earlier registrations were left in place/);
  assert.deepEqual(report.removed, []);
  assert.equal(readFileSync(join(fixture.agentDir, "settings.json"), "utf8"), before);
  const calls = readFileSync(log, "utf8").trim().split("\n");
  assert.deepEqual(calls, [`install ${copy}`], "no `pi remove` after the failed install");
});

test("setup pi never prints the credentials of a source URL or Git's output", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  const result = await fixture.cli([
    "setup",
    "pi",
    "--source",
    "https://alice:s3cret-token@127.0.0.1:9/acme/powercontext.git",
    "--ref",
    "main",
  ]);
  assert.equal(result.code, 1);
  const printed = result.stdout + result.stderr;
  assert.doesNotMatch(printed, /s3cret-token|alice/);
  assert.match(printed, /fetching main of https:\/\/127\.0\.0\.1:9\/acme\/powercontext\.git failed/);
  assert.doesNotMatch(printed, /fatal:|Cloning|remote:/);
  assert.equal(existsSync(join(fixture.dataDir, "pi", "checkout")), false);
  assert.deepEqual(readdirSync(join(fixture.dataDir, "pi")), [], "the staging directory is removed");
});

test("setup pi rejects a source that is neither a package, a repository nor a Git URL (exit 2)", async (t) => {
  const fixture = createFixture();
  t.after(() => fixture.remove());
  const result = await fixture.cli(["setup", "pi", "--source", "not a source", "--json"]);
  assert.equal(result.code, 2);
  assert.equal(JSON.parse(result.stdout).error.code, "configuration_invalid");
});
