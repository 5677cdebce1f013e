// `powercontext setup pi`: from a local bare Git repository (made from this working tree) acting as the remote, with
// failures injected during the swap, in `pi install` and in the fetched package itself. Every test has its own HOME,
// Pi agent dir and data dir, and no node_modules the fetched package could borrow from: it must bring its own.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type CommandRunner, NODE_COMMAND_RUNNER } from "../src/cli/command-runner.ts";
import { NODE_FILE_OPS, type FileOps } from "../src/cli/pi/setup/file-ops.ts";
import { setupPi } from "../src/cli/pi/setup/setup-pi.ts";
import { git, makeWorkspaceRemote } from "./git-remote.ts";
import { createFixture, PACKAGE_DIR, type PiCliFixture, REAL_PI, writeFakePi } from "./pi-cli-fixture.ts";
import { loadRegisteredPackages } from "./registered-pi.ts";

const GIT_STEPS = [
  "fetch",
  "verify package",
  "dependencies",
  "load in pi",
  "swap checkout",
  "pi install",
  "remove superseded",
  "doctor pi",
];

const statuses = (steps: { name: string; status: string }[]) => steps.map((s) => `${s.name}:${s.status}`);

function piInstall(fixture: PiCliFixture, dir: string): void {
  execFileSync(REAL_PI, ["install", dir], { env: fixture.env(), encoding: "utf8" });
}

function resolvedPackages(fixture: PiCliFixture): string[] {
  return fixture.settingsPackages().map((entry) => join(fixture.agentDir, String(entry)));
}

test("a first install from a bare Git repository completes in one step, needs no npm install, and Pi loads it", async (t) => {
  const fixture = createFixture({ workspaceLinks: false });
  t.after(() => fixture.remove());
  const remote = makeWorkspaceRemote(fixture.root);
  piInstall(fixture, PACKAGE_DIR);
  assert.deepEqual(resolvedPackages(fixture), [PACKAGE_DIR.replace(/\/$/, "")]);

  const result = await fixture.cli(["setup", "pi", "--source", remote.bare, "--ref", "main", "--json"]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(result.stderr, "", "--json suppresses progress");
  const report = JSON.parse(result.stdout);
  const checkout = join(fixture.dataDir, "pi", "checkout");
  const installed = join(checkout, "packages", "pi");
  assert.equal(report.ok, true);
  assert.equal(report.package_dir, installed);
  assert.equal(report.source.commit, git(remote.work, "rev-parse", "HEAD"));
  assert.deepEqual(
    statuses(report.steps),
    GIT_STEPS.map((name) => `${name}:ok`),
  );
  assert.match(report.steps[2].detail, /bundled @powercontext\/pi-kit, @powercontext\/protocol/);
  assert.deepEqual(report.removed, [PACKAGE_DIR.replace(/\/$/, "")]);
  assert.deepEqual(resolvedPackages(fixture), [installed]);
  assert.deepEqual(readdirSync(join(fixture.dataDir, "pi")), ["checkout"], "no staging or backup directory is left");
  assert.equal(existsSync(join(checkout, "node_modules")), false, "no npm install ran in the checkout");
  assert.deepEqual(readdirSync(join(installed, "node_modules", "@powercontext")).sort(), ["pi-kit", "protocol"]);
  assert.equal(
    readFileSync(join(checkout, ".git", "config"), "utf8").includes(remote.bare),
    false,
    "the remote is not stored in the checkout",
  );
  const loaded = await loadRegisteredPackages(fixture);
  assert.equal(loaded.pcFrom, installed, loaded.stderr);
});

test("an update completes in one step, and an update whose package does not load leaves Pi working", async (t) => {
  const fixture = createFixture({ workspaceLinks: false });
  t.after(() => fixture.remove());
  const remote = makeWorkspaceRemote(fixture.root);
  const first = await fixture.cli(["setup", "pi", "--source", remote.bare, "--ref", "main"]);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  const checkout = join(fixture.dataDir, "pi", "checkout");
  const installed = join(checkout, "packages", "pi");

  const second = remote.commit("second");
  const update = await fixture.cli(["setup", "pi", "--source", remote.bare, "--ref", "main"]);
  assert.equal(update.code, 0, update.stdout + update.stderr);
  assert.match(update.stderr, /setup pi: \[1\/8\] ok {4}fetch: .* main → [0-9a-f]{40}/);
  assert.match(update.stderr, /setup pi: \[4\/8\] ok {4}load in pi: the extension and the project-context Skill load/);
  assert.match(update.stderr, /setup pi: \[8\/8\] ok {4}doctor pi/);
  assert.match(update.stdout, /powercontext-pi is installed from/);
  assert.equal(git(checkout, "rev-parse", "HEAD"), second);
  assert.deepEqual(resolvedPackages(fixture), [installed]);
  assert.equal((await loadRegisteredPackages(fixture)).pcFrom, installed);

  const settings = readFileSync(join(fixture.agentDir, "settings.json"), "utf8");
  const extension = readFileSync(join(remote.work, "packages/pi/extensions/powercontext.ts"), "utf8");
  remote.commit("broken", {
    "packages/pi/extensions/powercontext.ts": `import "@powercontext/not-in-the-workspace";\n${extension}`,
  });
  const broken = await fixture.cli(["setup", "pi", "--source", remote.bare, "--ref", "main", "--json"]);
  assert.equal(broken.code, 1, broken.stdout + broken.stderr);
  const report = JSON.parse(broken.stdout);
  assert.deepEqual(statuses(report.steps), ["fetch:ok", "verify package:ok", "dependencies:ok", "load in pi:failed"]);
  assert.match(report.steps[3].detail, /Cannot find module '@powercontext\/not-in-the-workspace'/);
  assert.match(report.steps[3].detail, /the previous checkout and registration are unchanged/);
  assert.equal(git(checkout, "rev-parse", "HEAD"), second, "the previous checkout is in place");
  assert.equal(
    readFileSync(join(fixture.agentDir, "settings.json"), "utf8"),
    settings,
    "the registration is unchanged",
  );
  assert.deepEqual(readdirSync(join(fixture.dataDir, "pi")), ["checkout"], "the staging directory is removed");
  const loaded = await loadRegisteredPackages(fixture);
  assert.equal(loaded.pcFrom, installed, loaded.stderr);
  assert.doesNotMatch(loaded.stderr, /Failed to load extension/);
  const doctor = await fixture.cli(["doctor", "pi", "--json"]);
  assert.equal(doctor.code, 0, doctor.stdout);
});

test("a failure during the swap leaves the previous checkout in place", async (t) => {
  const fixture = createFixture({ workspaceLinks: false });
  t.after(() => fixture.remove());
  const remote = makeWorkspaceRemote(fixture.root);
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
  const installedDir = join(checkout, "packages", "pi");

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
  assert.deepEqual(resolvedPackages(fixture), [installedDir]);
});

test("a pi install that fails after the swap puts the previous checkout back, and Pi keeps loading it", async (t) => {
  const fixture = createFixture({ workspaceLinks: false });
  t.after(() => fixture.remove());
  const remote = makeWorkspaceRemote(fixture.root);
  const first = git(remote.work, "rev-parse", "HEAD");
  const deps = {
    env: fixture.env(),
    files: NODE_FILE_OPS,
    dataDir: fixture.dataDir,
    defaultPackageDir: null,
    onProgress: () => undefined,
  };
  const installed = await setupPi({ ...deps, runner: NODE_COMMAND_RUNNER }, { source: remote.bare, ref: "main" });
  assert.equal(installed.ok, true, JSON.stringify(installed.steps));
  const checkout = join(fixture.dataDir, "pi", "checkout");
  const settings = readFileSync(join(fixture.agentDir, "settings.json"), "utf8");

  remote.commit("second");
  const failingInstall: CommandRunner = {
    run: (command, args, options) =>
      args[0] === "install"
        ? Promise.resolve({ code: 1, stdout: "", stderr: "injected" })
        : NODE_COMMAND_RUNNER.run(command, args, options),
  };
  const failed = await setupPi({ ...deps, runner: failingInstall }, { source: remote.bare, ref: "main" });
  assert.equal(failed.ok, false);
  assert.deepEqual(statuses(failed.steps), [...GIT_STEPS.slice(0, 5).map((name) => `${name}:ok`), "pi install:failed"]);
  assert.equal(git(checkout, "rev-parse", "HEAD"), first, "the previous checkout is back");
  assert.deepEqual(readdirSync(join(fixture.dataDir, "pi")), ["checkout"], "no staging or backup directory is left");
  assert.equal(readFileSync(join(fixture.agentDir, "settings.json"), "utf8"), settings);
  const loaded = await loadRegisteredPackages(fixture);
  assert.equal(loaded.pcFrom, join(checkout, "packages", "pi"), loaded.stderr);
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
  assert.deepEqual(statuses(report.steps), ["verify package:ok", "load in pi:ok", "pi install:failed"]);
  assert.match(report.steps[2].detail, /earlier registrations and checkouts were left in place/);
  assert.deepEqual(report.removed, []);
  assert.equal(readFileSync(join(fixture.agentDir, "settings.json"), "utf8"), before);
  const calls = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .filter((call) => /^(install|remove) /.test(call));
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
