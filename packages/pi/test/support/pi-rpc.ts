// Drives a real Pi CLI in RPC mode (JSONL over stdio), for both host versions under test.
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

/** The hosts the suite runs against: the latest Pi and the version the seed locks. */
export const PI_VERSIONS: readonly PiVersion[] = [
  {
    name: "1.6.0",
    cli: join(dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"))), "bundle", "cli.js"),
  },
  { name: "0.82.1", cli: join(dirname(fileURLToPath(import.meta.resolve("pi-coding-agent-0821"))), "cli.js") },
];

export const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const EXTENSION_PATH = join(PACKAGE_DIR, "extensions", "powercontext.ts");

export type RpcEvent = Record<string, unknown> & { type: string };
export type UiResponder = (request: RpcEvent) => Record<string, unknown> | null;

export interface PiProcess {
  events: RpcEvent[];
  stderr(): string;
  agentDir: string;
  cwd: string;
  send(command: Record<string, unknown>): Promise<RpcEvent>;
  /** Sends a prompt and waits until the run settles (or the prompt was handled without a run). */
  prompt(message: string, timeoutMs?: number): Promise<RpcEvent>;
  waitFor(predicate: (event: RpcEvent) => boolean, timeoutMs?: number, from?: number): Promise<RpcEvent>;
  /** Runs a `/pc …` command and resolves the JSON it showed through ui.notify. */
  command(text: string): Promise<Record<string, unknown>>;
  /** How dialogs are answered; null leaves the request unanswered. Default: confirm → true. */
  respondUi: UiResponder;
  /** Closes stdin (Pi runs session_shutdown) and waits for exit. */
  stop(): Promise<number | null>;
}

export interface HermeticHome {
  agentDir: string;
  cwd: string;
}

/** A fresh agent dir (models.json → the fake model, retries off) and an empty project folder. */
export function makeHome(modelBaseUrl: string, settings: Record<string, unknown> = {}): HermeticHome {
  const root = mkdtempSync(join(tmpdir(), "pc-pi-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "project");
  mkdirSync(agentDir);
  mkdirSync(cwd);
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        fake: { baseUrl: modelBaseUrl, api: "openai-completions", apiKey: "fake-key", models: [{ id: "fake-model" }] },
      },
    }),
  );
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { enabled: false }, ...settings }));
  return { agentDir, cwd };
}

export const HERMETIC_ENV = { PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1" } as const;

/** Only the variables a host needs; the PowerContext variables come from `env` alone. */
function baseEnvironment(): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const key of ["PATH", "LANG", "TZ", "SYSTEMROOT"]) {
    const value = process.env[key];
    if (value !== undefined) keep[key] = value;
  }
  return keep;
}

export interface StartOptions {
  version: PiVersion;
  home: HermeticHome;
  env?: Record<string, string>;
  /** Extra CLI arguments; the default loads only our extension, with no skills and no session file. */
  args?: string[];
  mode?: "rpc";
}

export async function startPi({ version, home, env = {}, args }: StartOptions): Promise<PiProcess> {
  const cliArgs = args ?? ["--no-session", "--no-extensions", "--no-skills", "-e", EXTENSION_PATH];
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [version.cli, "--mode", "rpc", "--model", "fake/fake-model", ...cliArgs],
    {
      cwd: home.cwd,
      env: {
        ...baseEnvironment(),
        HOME: dirname(home.agentDir),
        PI_CODING_AGENT_DIR: home.agentDir,
        ...HERMETIC_ENV,
        ...env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const exited = once(child, "exit") as Promise<[number | null]>;
  const events: RpcEvent[] = [];
  const listeners = new Set<() => void>();
  let stderr = "";
  let buffer = "";
  let nextId = 0;
  const pi: PiProcess = {
    events,
    stderr: () => stderr,
    agentDir: home.agentDir,
    cwd: home.cwd,
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
      const data = response.data as { disposition?: string } | undefined;
      if (data?.disposition === "handled") return response;
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

export const PROBE_EXTENSION_PATH = join(PACKAGE_DIR, "test", "support", "probe-extension.ts");

/** Our extension, then the probe; no built-in extensions, no skills, no session file. */
export function probedArgs(): string[] {
  return ["--no-session", "--no-extensions", "--no-skills", "-e", EXTENSION_PATH, "-e", PROBE_EXTENSION_PATH];
}

export interface PrintRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pi -p <message>` (print mode: no UI) to completion. */
export async function runPrint({
  version,
  home,
  env = {},
  message,
  args,
}: {
  version: PiVersion;
  home: HermeticHome;
  env?: Record<string, string>;
  message: string;
  args?: string[];
}): Promise<PrintRun> {
  const cliArgs = args ?? ["--no-session", "--no-extensions", "--no-skills", "-e", EXTENSION_PATH];
  const child = spawn(process.execPath, [version.cli, "-p", message, "--model", "fake/fake-model", ...cliArgs], {
    cwd: home.cwd,
    env: {
      ...baseEnvironment(),
      HOME: dirname(home.agentDir),
      PI_CODING_AGENT_DIR: home.agentDir,
      ...HERMETIC_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

/** Parses the JSON a `/pc` run showed through ui.notify (RPC). */
export function lastNotify(pi: PiProcess, from = 0): { message: string; type: unknown } | null {
  for (let index = pi.events.length - 1; index >= from; index -= 1) {
    const event = pi.events[index];
    if (event?.type === "extension_ui_request" && event.method === "notify")
      return { message: String(event.message), type: event.notifyType };
  }
  return null;
}
