// Drives a real Pi CLI in RPC mode (JSONL over stdio) with only this package's extension loaded, for both host
// versions under test. Adapted from packages/pi/test/support/pi-rpc.ts.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface PiVersion {
  name: string;
  cli: string;
}

/** The hosts the suite runs against: the latest Pi and the version the seed locks (as packages/pi/test). */
export const PI_VERSIONS: readonly PiVersion[] = [
  {
    name: "1.6.0",
    cli: join(dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"))), "bundle", "cli.js"),
  },
  { name: "0.82.1", cli: join(dirname(fileURLToPath(import.meta.resolve("pi-coding-agent-0821"))), "cli.js") },
];
export const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const EXTENSION_PATH = join(PACKAGE_DIR, "extensions", "state.ts");

export type RpcEvent = Record<string, unknown> & { type: string };
/** How an extension UI request is answered; null leaves it unanswered. */
export type UiResponder = (request: RpcEvent) => Record<string, unknown> | null;

export interface HermeticHome {
  root: string;
  agentDir: string;
  cwd: string;
  sessionDir: string;
}

/** A fresh agent dir (models.json → the fake model, retries off), an empty project folder and a session folder. */
export function makeHome(modelBaseUrl: string): HermeticHome {
  const root = mkdtempSync(join(tmpdir(), "pc-state-pi-"));
  const home = { root, agentDir: join(root, "agent"), cwd: join(root, "project"), sessionDir: join(root, "sessions") };
  for (const dir of [home.agentDir, home.cwd, home.sessionDir]) mkdirSync(dir);
  writeFileSync(
    join(home.agentDir, "models.json"),
    JSON.stringify({
      providers: {
        fake: { baseUrl: modelBaseUrl, api: "openai-completions", apiKey: "fake-key", models: [{ id: "fake-model" }] },
      },
    }),
  );
  writeFileSync(join(home.agentDir, "settings.json"), JSON.stringify({ retry: { enabled: false } }));
  return home;
}

export interface PiProcess {
  events: RpcEvent[];
  stderr(): string;
  send(command: Record<string, unknown>): Promise<RpcEvent>;
  /** Sends a prompt and waits until the run settles (or the prompt was handled without a run). */
  prompt(message: string, timeoutMs?: number): Promise<RpcEvent>;
  /** Runs `/state …` and resolves the JSON it showed through ui.notify. */
  command(text: string): Promise<Record<string, unknown>>;
  waitFor(predicate: (event: RpcEvent) => boolean, timeoutMs?: number, from?: number): Promise<RpcEvent>;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** How dialogs are answered; default: confirm → true, other dialogs cancelled, notify unanswered. */
  respondUi: UiResponder;
  stop(): Promise<number | null>;
}

export interface StartOptions {
  version: PiVersion;
  env?: Record<string, string>;
  /** Keep the session in --session-dir (needed for forks); default --no-session. */
  persist?: boolean;
}

export async function startPi(
  home: HermeticHome,
  { version, env = {}, persist = false }: StartOptions,
): Promise<PiProcess> {
  const session = persist ? ["--session-dir", home.sessionDir] : ["--no-session"];
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      version.cli,
      "--mode",
      "rpc",
      "--model",
      "fake/fake-model",
      ...session,
      "--no-extensions",
      "--no-skills",
      "--no-context-files",
      "-e",
      EXTENSION_PATH,
    ],
    {
      cwd: home.cwd,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home.root,
        PI_CODING_AGENT_DIR: home.agentDir,
        PI_OFFLINE: "1",
        PI_TELEMETRY: "0",
        PI_SKIP_VERSION_CHECK: "1",
        ...env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const events: RpcEvent[] = [];
  const listeners = new Set<() => void>();
  let stderr = "";
  let buffer = "";
  let nextId = 0;
  const pi: PiProcess = {
    events,
    exited,
    stderr: () => stderr,
    respondUi: (request) =>
      request.method === "confirm" ? { confirmed: true } : request.method === "notify" ? null : { cancelled: true },
    async send(command) {
      const id = `c${(nextId += 1)}`;
      const from = events.length;
      child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
      return pi.waitFor((event) => event.type === "response" && event.id === id, 30_000, from);
    },
    async prompt(message, timeoutMs = 30_000) {
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
        (event) => event.type === "extension_ui_request" && event.method === "notify",
        30_000,
        from,
      );
      return JSON.parse(String(note.message)) as Record<string, unknown>;
    },
    waitFor(predicate, timeoutMs = 30_000, from = 0) {
      return new Promise((resolve, reject) => {
        let seen = from;
        const check = () => {
          for (; seen < events.length; seen += 1) {
            const event = events[seen];
            if (event !== undefined && predicate(event)) {
              cleanup();
              resolve(event);
              return;
            }
          }
          if (child.exitCode !== null || child.signalCode !== null) {
            cleanup();
            reject(new Error(`Pi exited (${child.exitCode ?? child.signalCode}) before the awaited event`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for a Pi event; stderr:\n${stderr.slice(-4000)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
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
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
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
