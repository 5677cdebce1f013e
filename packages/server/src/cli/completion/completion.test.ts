import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { Command } from "commander";
import { BIN_NODE_FLAGS, BIN_PATH } from "../../testing/server-process.ts";
import { buildProgram } from "../program.ts";
import { completionScript, SHELLS } from "./completion.ts";

/** Every command path of the program, walked independently of the generator. */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((child) => {
    const path = [...prefix, child.name()];
    return [path, ...commandPaths(child, path)];
  });
}

function hasShell(shell: string): boolean {
  return spawnSync(shell, ["-c", "exit 0"]).status === 0;
}

/** Runs a shell script and returns its stdout lines. */
function run(shell: string, script: string): string[] {
  const output = execFileSync(shell, ["-c", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
  return output.split("\n").filter((line) => line !== "");
}

test("every script names every command and option of the program, and a new command without editing anything", () => {
  const program = buildProgram();
  program.command("zz-added-later").option("--zz-flag").description("added by the test");
  for (const shell of SHELLS) {
    const script = completionScript(program, shell);
    for (const path of commandPaths(program)) assert.ok(script.includes(` ${path.join(" ")}`), `${shell}: ${path}`);
    assert.match(script, /zz-flag/, shell);
    for (const flag of ["--expected-version", "--dry-run", "--deep", "--server-url", "--data-dir"])
      assert.ok(script.includes(flag.slice(shell === "fish" ? 2 : 0)), `${shell}: ${flag}`);
    assert.doesNotMatch(script, /(^|\s)--server(\s|$)/, `${shell}: a hidden option is not offered`);
  }
});

test("the bash script parses and completes commands, subcommands, options and argument choices", () => {
  const script = completionScript(buildProgram(), "bash");
  assert.equal(spawnSync("bash", ["-n"], { input: script }).status, 0, "bash -n");
  const complete = (...words: string[]) =>
    run(
      "bash",
      `${script}\nCOMP_WORDS=(${words.map((word) => `'${word}'`).join(" ")}); COMP_CWORD=${words.length - 1}\n` +
        `_powercontext_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
    );
  assert.deepEqual(complete("powercontext", "rev"), ["review"]);
  assert.deepEqual(complete("powercontext", "review", "ap"), ["approve", "approve-all"]);
  assert.deepEqual(complete("powercontext", "--json", "review", "approve", "--ex"), ["--expected-version"]);
  assert.deepEqual(complete("powercontext", "memory", "search", "--scope", "s", "--li"), ["--limit"]);
  assert.deepEqual(complete("powercontext", "completion", ""), ["bash", "zsh", "fish", "--json", "--help"]);
  assert.deepEqual(complete("powercontext", "doctor", "pi", "--d"), ["--deep"]);
});

test("the zsh script parses and offers each command's words with their descriptions", (t) => {
  if (!hasShell("zsh")) return t.skip("zsh is not installed");
  const script = completionScript(buildProgram(), "zsh");
  assert.equal(spawnSync("zsh", ["-n"], { input: script }).status, 0, "zsh -n");
  // Outside an interactive shell, compdef and _describe are stubbed: _describe prints the candidates it was given.
  const stubs = 'compdef() { :; }; _describe() { print -rl -- "${(@P)${@[-1]}}"; }';
  const offered = run("zsh", `${stubs}\n${script}\nwords=(powercontext review ap); CURRENT=3; _powercontext`);
  assert.ok(offered.includes("approve-all:Approve every pending candidate that matches the filter."), offered.join());
  assert.ok(offered.includes("--help:display help for command"));
  assert.equal(offered.includes("server:Run the PowerContext Server."), false, "only review's words");
});

test("the fish script parses and completes with descriptions", (t) => {
  if (!hasShell("fish")) return t.skip("fish is not installed");
  const script = completionScript(buildProgram(), "fish");
  // fish -n reads a file (its stdin from a pipe is refused), so the script is written to one.
  const dir = mkdtempSync(join(tmpdir(), "pc-fish-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "powercontext.fish"), script);
  assert.equal(spawnSync("fish", ["-n", join(dir, "powercontext.fish")]).status, 0, "fish -n");
  const offered = (line: string) =>
    run("fish", `${script}\ncomplete -C ${JSON.stringify(line)}`).map((entry) => entry.split("\t")[0]);
  assert.deepEqual(offered("powercontext review ap"), ["approve", "approve-all"]);
  assert.deepEqual(offered("powercontext review approve --ex"), ["--expected-version"]);
  assert.deepEqual(offered("powercontext completion ").sort(), ["bash", "fish", "zsh"]);
});

test("`powercontext completion <shell>` prints the script; another shell is a usage error", () => {
  const bin = (...args: string[]) =>
    spawnSync(process.execPath, [...BIN_NODE_FLAGS, BIN_PATH, ...args], { encoding: "utf8" });
  const bash = bin("completion", "bash");
  assert.equal(bash.status, 0, bash.stderr);
  assert.match(bash.stdout, /^# bash completion for powercontext/);
  assert.match(bash.stdout, /complete -F _powercontext_complete powercontext\n$/);
  assert.equal(JSON.parse(bin("completion", "fish", "--json").stdout).shell, "fish");
  const tcsh = bin("completion", "tcsh");
  assert.equal(tcsh.status, 2);
  assert.match(tcsh.stderr, /Allowed choices are bash, zsh, fish/);
});
