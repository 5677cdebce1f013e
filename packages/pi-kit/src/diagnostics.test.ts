import assert from "node:assert/strict";
import { test } from "node:test";
import {
  announcement,
  createDiagnostics,
  type DiagnosticsContext,
  logFileOf,
  piAgentDir,
  screenIsPis,
} from "./diagnostics.ts";
import type { NoticeLevel } from "./host.ts";

function harness(quiet: readonly string[] = []) {
  const stderr: string[] = [];
  const file: string[] = [];
  let exit: () => void = () => undefined;
  const diagnostics = createDiagnostics({
    component: "pkg",
    logFile: "/agent/powercontext/logs/pkg.log",
    quiet,
    writeStderr: (line) => void stderr.push(line),
    appendLine: (_file, line) => void file.push(line),
    stderrIsTerminal: true,
    onExit: (flush) => {
      exit = flush;
      return () => {
        exit = () => undefined;
      };
    },
  });
  return { diagnostics, stderr, file, exit: () => exit() };
}

function context(mode: DiagnosticsContext["mode"], hasUI = true) {
  const notices: [string, NoticeLevel | undefined][] = [];
  return {
    ctx: { mode, hasUI, ui: { notify: (text: string, level?: NoticeLevel) => void notices.push([text, level]) } },
    notices,
  };
}

test("in the TUI lines go to the log file, never stderr, and a failure is announced once", () => {
  const { diagnostics, stderr, file } = harness(["prepare.failed"]);
  const { ctx, notices } = context("tui");
  diagnostics.log("configuration.invalid", { message: "bad" });
  assert.deepEqual(file, [], "waits for the mode");
  diagnostics.attach(ctx);
  diagnostics.log("prepare.failed", { code: "transport_failed" });
  diagnostics.log("patch_state.failed", { code: "conflict" });
  diagnostics.log("patch_state.failed", { code: "conflict" });
  assert.deepEqual(stderr, []);
  assert.equal(file.length, 4);
  assert.match(file[0] ?? "", /^\{"component":"pkg","event":"configuration.invalid","message":"bad"\}$/);
  assert.deepEqual(
    notices.map(([text, level]) => [text.replace(/;.*/, ""), level]),
    [
      ["pkg: configuration refused", "warning"],
      ["pkg: patch state failed", "warning"],
    ],
  );
});

test("in RPC, JSON and print modes lines stay on stderr and nothing is announced", () => {
  for (const mode of ["rpc", "json", "print"] as const) {
    const { diagnostics, stderr, file } = harness();
    const { ctx, notices } = context(mode, mode === "rpc");
    diagnostics.log("configuration.invalid");
    diagnostics.attach(ctx);
    diagnostics.log("tool.failed", { code: "x" });
    assert.deepEqual(
      stderr,
      ['{"component":"pkg","event":"configuration.invalid"}', '{"component":"pkg","event":"tool.failed","code":"x"}'],
      mode,
    );
    assert.deepEqual([file, notices], [[], []], mode);
  }
});

test("lines still waiting when the process ends go to stderr", () => {
  const { diagnostics, stderr, exit } = harness();
  diagnostics.log("configuration.invalid");
  exit();
  assert.deepEqual(stderr, ['{"component":"pkg","event":"configuration.invalid"}']);
});

test("a host without a mode owns the screen when it has a UI and stderr is a terminal", () => {
  const ui = { notify: () => undefined };
  assert.equal(screenIsPis({ hasUI: true, ui }, true), true);
  assert.equal(screenIsPis({ hasUI: true, ui }, false), false);
  assert.equal(screenIsPis({ hasUI: false, ui }, true), false);
  assert.equal(screenIsPis({ mode: "rpc", hasUI: true, ui }, true), false);
});

test("the log file lives under Pi's agent directory", () => {
  assert.equal(piAgentDir({ PI_CODING_AGENT_DIR: "/tmp/agent" }), "/tmp/agent");
  assert.match(piAgentDir({}), /\.pi\/agent$/);
  assert.equal(logFileOf("/a", "powercontext-pi"), "/a/powercontext/logs/powercontext-pi.log");
  assert.equal(announcement("pkg", "tool.failed", "/x/pkg.log"), "pkg: tool failed; details in /x/pkg.log");
});

test("however often Pi reloads the packages, the process gets at most one exit listener", () => {
  const before = process.listenerCount("exit");
  for (let load = 0; load < 20; load += 1)
    createDiagnostics({ component: "pkg", logFile: "/x.log", appendLine: () => undefined }).attach({
      mode: "rpc",
      hasUI: true,
      ui: { notify: () => undefined },
    });
  assert.ok(process.listenerCount("exit") - before <= 1);
});
