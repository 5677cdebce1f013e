// Where a Pi package's diagnostic lines go. In Pi's terminal UI the screen belongs to Pi: a line on stderr lands over
// the editor and stays until Pi redraws, so there the lines go to a log file under Pi's agent directory, and a
// failure a person should know about is announced once, as a notice naming the file. In print, JSON and RPC modes
// stderr is nobody's screen (RPC clients and scripts read it), so lines stay there.
//
// The mode is known only from a context, which the first hook or command brings; lines logged before (a refused
// configuration at load) wait for it, and go to stderr if the process ends first.
import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { HostUi } from "./host.ts";
import type { Logger } from "./logger.ts";
import { type WriteLine, writeStderrLine } from "./notify.ts";

/** A log past this size is moved aside to `<file>.1` when a process starts writing to it. */
export const LOG_ROTATE_BYTES = 1_000_000;
const MAX_WAITING_LINES = 200;

/** The run mode Pi hands extensions (`ctx.mode`): only `tui` draws on the terminal stderr writes to. */
export interface DiagnosticsContext {
  mode?: string;
  hasUI: boolean;
  ui: Pick<HostUi, "notify">;
}

export interface DiagnosticsOptions {
  component: string;
  logFile: string;
  /** Events only the log file gets (the package shows them another way, e.g. its status indicator). */
  quiet?: readonly string[];
  writeStderr?: WriteLine;
  appendLine?: (file: string, line: string) => void;
  /** Whether stderr is a terminal: decides for a host that does not say its mode. */
  stderrIsTerminal?: boolean;
  /** Registers the process-exit flush of lines still waiting and returns its removal (tests pass their own). */
  onExit?: (flush: () => void) => () => void;
}

export interface Diagnostics {
  log: Logger;
  /** Learns the mode from a hook's or command's context (the first one decides; later ones refresh the UI). */
  attach(ctx: DiagnosticsContext): void;
  readonly logFile: string;
}

/** Pi's agent directory: PI_CODING_AGENT_DIR, else ~/.pi/agent (Pi's own rule). */
export function piAgentDir(env: Readonly<Record<string, string | undefined>>): string {
  const chosen = env.PI_CODING_AGENT_DIR?.trim();
  return resolve(chosen === undefined || chosen === "" ? join(homedir(), ".pi", "agent") : chosen);
}

/** `<agentDir>/powercontext/logs/<component>.log`. */
export function logFileOf(agentDir: string, component: string): string {
  return join(agentDir, "powercontext", "logs", `${component}.log`);
}

/** Whether Pi's terminal UI owns the screen for this context. */
export function screenIsPis(ctx: DiagnosticsContext, stderrIsTerminal: boolean): boolean {
  if (ctx.mode !== undefined) return ctx.mode === "tui";
  return ctx.hasUI && stderrIsTerminal;
}

/** Failures a person is told about once: a refused configuration and any `<event>.failed` not declared quiet. */
export function announces(event: string, quiet: readonly string[]): boolean {
  if (quiet.includes(event)) return false;
  return event === "configuration.invalid" || event.endsWith(".failed");
}

/** The notice for an announced event: what failed, and where the details are. */
export function announcement(component: string, event: string, logFile: string): string {
  const what = event === "configuration.invalid" ? "configuration refused" : event.replace(/\.failed$/, " failed");
  return `${component}: ${what.replaceAll("_", " ")}; details in ${tildePath(logFile)}`;
}

function tildePath(file: string): string {
  const home = homedir();
  return file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file;
}

export function createDiagnostics(options: DiagnosticsOptions): Diagnostics {
  const { component, logFile, quiet = [], writeStderr = writeStderrLine, appendLine = appendToLog } = options;
  const stderrIsTerminal = options.stderrIsTerminal ?? process.stderr.isTTY === true;
  let sink: "waiting" | "stderr" | "file" = "waiting";
  let ui: DiagnosticsContext["ui"] | null = null;
  const waiting: { event: string; line: string }[] = [];
  const announced = new Set<string>();

  const deliver = (event: string, line: string): void => {
    if (sink === "stderr") {
      writeStderr(line);
      return;
    }
    try {
      appendLine(logFile, line);
    } catch {
      // A log that cannot be written loses the line; the screen is still never written over.
    }
    if (ui === null || !announces(event, quiet) || announced.has(event)) return;
    announced.add(event);
    try {
      ui.notify(announcement(component, event, logFile), "warning");
    } catch {
      // A stale context's UI: the line is in the file.
    }
  };

  const forgetExit = (options.onExit ?? flushAtExit)(() => {
    if (sink !== "waiting") return;
    sink = "stderr";
    for (const { event, line } of waiting.splice(0)) deliver(event, line);
  });

  return {
    logFile,
    log(event, detail) {
      const line = JSON.stringify({ component, event, ...detail });
      if (sink !== "waiting") deliver(event, line);
      else if (waiting.length < MAX_WAITING_LINES) waiting.push({ event, line });
    },
    attach(ctx) {
      if (sink === "waiting") {
        sink = screenIsPis(ctx, stderrIsTerminal) ? "file" : "stderr";
        forgetExit();
      }
      if (sink === "file") ui = ctx.ui;
      for (const { event, line } of waiting.splice(0)) deliver(event, line);
    },
  };
}

// One process-exit listener for every diagnostics the process ever made: Pi reloads extensions on each new session,
// and a listener per load would pass Node's listener limit, whose warning would itself land on the screen. The set
// lives on globalThis because a reload may evaluate this module again.
const EXIT_FLUSHES = Symbol.for("powercontext.diagnostics.exit-flushes");

function flushAtExit(flush: () => void): () => void {
  const holder = globalThis as { [EXIT_FLUSHES]?: Set<() => void> };
  let flushes = holder[EXIT_FLUSHES];
  if (flushes === undefined) {
    const created = new Set<() => void>();
    flushes = created;
    holder[EXIT_FLUSHES] = created;
    process.once("exit", () => {
      for (const each of created) each();
    });
  }
  flushes.add(flush);
  return () => flushes.delete(flush);
}

const rotated = new Set<string>();

/** Appends one line (with a timestamp), creating the folder, and moves an oversized log aside once per process. */
function appendToLog(file: string, line: string): void {
  mkdirSync(dirname(file), { recursive: true });
  if (!rotated.has(file)) {
    rotated.add(file);
    try {
      if (statSync(file).size > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
    } catch {
      // No log yet.
    }
  }
  appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
}
