// Drives a real Pi CLI in RPC mode (JSONL over stdio). Pi's framing splits on "\n" only, so lines are split here
// rather than with readline (which would also split on U+2028/U+2029).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import type { HermeticHome } from "./home.ts";
import type { PiVersion } from "./hosts.ts";

export type RpcEvent = Record<string, unknown> & { type: string };
/** How an extension UI request is answered; null leaves it unanswered. */
export type UiResponder = (request: RpcEvent) => Record<string, unknown> | null;

export interface PiProcess {
  events: RpcEvent[];
  cwd: string;
  agentDir: string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  stderr(): string;
  send(command: Record<string, unknown>): Promise<RpcEvent>;
  /** Sends a prompt and waits until the run settles (or the prompt was handled without a run). */
  prompt(message: string, timeoutMs?: number): Promise<RpcEvent>;
  /** Runs a slash command and resolves the JSON object it showed through ui.notify. */
  command(text: string): Promise<Record<string, unknown>>;
  waitFor(predicate: (event: RpcEvent) => boolean, timeoutMs?: number, from?: number): Promise<RpcEvent>;
  /** How dialogs are answered. Default: confirm → true, notify unanswered, any other dialog cancelled. */
  respondUi: UiResponder;
  /** Closes stdin (Pi runs session_shutdown) and waits for the exit code, killing Pi after a grace period. */
  stop(): Promise<number | null>;
}

export const HERMETIC_ENV = { PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1" } as const;

/** Only the variables a host needs, the home's, the hermetic switches, then `env`. */
export function hostEnvironment(home: HermeticHome, env: Record<string, string> = {}): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const key of ["PATH", "LANG", "TZ", "SYSTEMROOT"]) {
    const value = process.env[key];
    if (value !== undefined) keep[key] = value;
  }
  return { ...keep, HOME: home.root, PI_CODING_AGENT_DIR: home.agentDir, ...HERMETIC_ENV, ...env };
}

export interface StartOptions {
  version: PiVersion;
  home: HermeticHome;
  /** Arguments after `--mode rpc --model fake/fake-model`. */
  args: readonly string[];
  env?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export async function startPi({ version, home, args, env }: StartOptions): Promise<PiProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [version.cli, "--mode", "rpc", "--model", "fake/fake-model", ...args],
    { cwd: home.cwd, env: hostEnvironment(home, env), stdio: ["pipe", "pipe", "pipe"] },
  );
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const events: RpcEvent[] = [];
  const listeners = new Set<() => void>();
  let stderr = "";
  let buffer = "";
  let nextId = 0;
  const pi: PiProcess = {
    events,
    cwd: home.cwd,
    agentDir: home.agentDir,
    exited,
    stderr: () => stderr,
    respondUi: (request) =>
      request.method === "confirm" ? { confirmed: true } : request.method === "notify" ? null : { cancelled: true },
    async send(command) {
      const id = `c${(nextId += 1)}`;
      const from = events.length;
      child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
      return pi.waitFor((event) => event.type === "response" && event.id === id, DEFAULT_TIMEOUT_MS, from);
    },
    async prompt(message, timeoutMs = DEFAULT_TIMEOUT_MS) {
      const from = events.length;
      const response = await pi.send({ type: "prompt", message });
      if (response.success !== true) throw new Error(`prompt failed: ${JSON.stringify(response)}`);
      if ((response.data as { disposition?: string } | undefined)?.disposition === "handled") return response;
      return pi.waitFor((event) => event.type === "agent_settled", timeoutMs, from);
    },
    async command(text) {
      const from = events.length;
      const response = await pi.send({ type: "prompt", message: text });
      if (response.success !== true) throw new Error(`command failed: ${JSON.stringify(response)}`);
      const note = await pi.waitFor(
        (event) =>
          event.type === "extension_ui_request" && event.method === "notify" && String(event.message).startsWith("{"),
        DEFAULT_TIMEOUT_MS,
        from,
      );
      return JSON.parse(String(note.message)) as Record<string, unknown>;
    },
    waitFor(predicate, timeoutMs = DEFAULT_TIMEOUT_MS, from = 0) {
      return new Promise((resolve, reject) => {
        let seen = from;
        const timer = setTimeout(
          () => done(new Error(`timed out waiting for a Pi event; stderr:\n${stderr.slice(-4000)}`)),
          timeoutMs,
        );
        const done = (error: Error | null, event?: RpcEvent) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error === null && event !== undefined) resolve(event);
          else reject(error);
        };
        const check = () => {
          for (; seen < events.length; seen += 1) {
            const event = events[seen];
            if (event !== undefined && predicate(event)) return done(null, event);
          }
          if (hasExited())
            done(
              new Error(
                `Pi exited (${child.exitCode ?? child.signalCode}) before the awaited event:\n${stderr.slice(-4000)}`,
              ),
            );
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (hasExited()) return child.exitCode;
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const [code] = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      let event: RpcEvent;
      try {
        event = JSON.parse(line) as RpcEvent;
      } catch {
        continue;
      }
      events.push(event);
      if (event.type === "extension_ui_request") {
        const answer = pi.respondUi(event);
        if (answer !== null)
          child.stdin.write(`${JSON.stringify({ type: "extension_ui_response", id: event.id, ...answer })}\n`);
      }
      for (const listener of [...listeners]) listener();
    }
  });
  void exited.then(() => {
    for (const listener of [...listeners]) listener();
  });
  return pi;
}
