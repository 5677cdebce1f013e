// Drives a real Pi CLI in RPC mode (JSONL over stdio) with only this package's extension loaded, for both host
// versions under test.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface PiVersion {
  name: string;
  cli: string;
}

/** The hosts the suite runs against: the latest Pi and the version the seed locks (as packages/pi/test does). */
export const PI_VERSIONS: readonly PiVersion[] = [
  {
    name: "1.6.0",
    cli: join(dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"))), "bundle", "cli.js"),
  },
  { name: "0.82.1", cli: join(dirname(fileURLToPath(import.meta.resolve("pi-coding-agent-0821"))), "cli.js") },
];

export const LATEST_PI = PI_VERSIONS[0] as PiVersion;
export const EXTENSION_PATH = fileURLToPath(new URL("../../extensions/fold.ts", import.meta.url));

export type RpcEvent = Record<string, unknown> & { type: string };

export interface PiProcess {
  events: RpcEvent[];
  cwd: string;
  agentDir: string;
  stderr(): string;
  send(command: Record<string, unknown>): Promise<RpcEvent>;
  /** Sends a prompt and waits until the run settles (or a command handled it). */
  prompt(message: string, timeoutMs?: number): Promise<void>;
  /** Runs `/fold <args>` and returns the JSON it showed through ui.notify. */
  command(args: string): Promise<Record<string, unknown>>;
  stop(): Promise<number | null>;
}

export interface HomeOptions {
  baseUrl: string;
  contextWindow: number;
  maxTokens: number;
  settings?: Record<string, unknown>;
  files?: Record<string, string>;
}

export function makeHome({ baseUrl, contextWindow, maxTokens, settings = {}, files = {} }: HomeOptions): {
  agentDir: string;
  cwd: string;
} {
  const root = mkdtempSync(join(tmpdir(), "pc-fold-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "project");
  mkdirSync(agentDir);
  mkdirSync(cwd);
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        fake: {
          baseUrl,
          api: "openai-completions",
          apiKey: "fake-key",
          models: [{ id: "fake-model", contextWindow, maxTokens }],
        },
      },
    }),
  );
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { enabled: false }, ...settings }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  return { agentDir, cwd };
}

export async function startPi(
  home: { agentDir: string; cwd: string },
  args: string[],
  version: PiVersion = LATEST_PI,
): Promise<PiProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: dirname(home.agentDir),
    PI_CODING_AGENT_DIR: home.agentDir,
    PI_OFFLINE: "1",
    PI_TELEMETRY: "0",
    PI_SKIP_VERSION_CHECK: "1",
  };
  const child = spawn(
    process.execPath,
    [
      version.cli,
      "--mode",
      "rpc",
      "--model",
      "fake/fake-model",
      "--no-extensions",
      "--no-skills",
      "--no-context-files",
      ...args,
    ],
    { cwd: home.cwd, env, stdio: ["pipe", "pipe", "pipe"] },
  );
  const exited = once(child, "exit") as Promise<[number | null]>;
  const events: RpcEvent[] = [];
  let stderr = "";
  let buffer = "";
  let nextId = 0;
  const waiters = new Set<() => void>();
  const waitFor = (predicate: (event: RpcEvent) => boolean, from: number, timeoutMs = 60_000): Promise<RpcEvent> =>
    new Promise((resolve, reject) => {
      let seen = from;
      const check = () => {
        for (; seen < events.length; seen += 1) {
          const event = events[seen] as RpcEvent;
          if (predicate(event)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for a Pi event; stderr:\n${stderr.slice(-3000)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      try {
        events.push(JSON.parse(line) as RpcEvent);
      } catch {
        continue;
      }
      for (const waiter of [...waiters]) waiter();
    }
  });
  const pi: PiProcess = {
    events,
    cwd: home.cwd,
    agentDir: home.agentDir,
    stderr: () => stderr,
    async send(command) {
      const id = `c${(nextId += 1)}`;
      const from = events.length;
      child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
      return waitFor((event) => event.type === "response" && event.id === id, from);
    },
    async prompt(message, timeoutMs = 60_000) {
      const from = events.length;
      const response = await pi.send({ type: "prompt", message });
      if (response.success !== true) throw new Error(`prompt failed: ${JSON.stringify(response)}`);
      if ((response.data as { disposition?: string } | undefined)?.disposition === "handled") return;
      await waitFor((event) => event.type === "agent_settled", from, timeoutMs);
    },
    async command(args) {
      const from = events.length;
      await pi.send({ type: "prompt", message: `/fold ${args}` });
      const note = await waitFor(
        (event) =>
          event.type === "extension_ui_request" && event.method === "notify" && String(event.message).startsWith("{"),
        from,
      );
      return JSON.parse(String(note.message)) as Record<string, unknown>;
    },
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const [code] = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  return pi;
}
