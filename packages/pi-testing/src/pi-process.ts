// A real Pi CLI in RPC mode for the test suites, on the kit's RPC driver: a hermetic environment, the fake model,
// UI requests answered by `respondUi`, and the prompt and slash-command round trips the suites use.
import { type RpcRecord, startPiRpc } from "@powercontext/pi-kit";
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
  const rpc = startPiRpc({
    command: [process.execPath, version.cli],
    args: ["--model", "fake/fake-model", ...args],
    cwd: home.cwd,
    env: hostEnvironment(home, env),
    invalidLines: "skip",
    stderrInErrors: true,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    onRecord: (record) => answerUi(pi, rpc.write, record),
  });
  const pi: PiProcess = {
    events: rpc.records as RpcEvent[],
    cwd: home.cwd,
    agentDir: home.agentDir,
    exited: rpc.exited,
    stderr: rpc.stderr,
    respondUi: (request) =>
      request.method === "confirm" ? { confirmed: true } : request.method === "notify" ? null : { cancelled: true },
    send: async (command) => (await rpc.send(command)) as RpcEvent,
    prompt: (message, timeoutMs) => promptAndSettle(pi, message, timeoutMs),
    command: (text) => commandNotice(pi, text),
    waitFor: async (predicate, timeoutMs, from) =>
      (await rpc.waitFor((record) => predicate(record as RpcEvent), timeoutMs, from)) as RpcEvent,
    stop: () => rpc.stop(15_000),
  };
  return pi;
}

function answerUi(pi: PiProcess, write: (record: RpcRecord) => void, record: RpcRecord): void {
  if (record.type !== "extension_ui_request") return;
  const answer = pi.respondUi(record as RpcEvent);
  if (answer !== null) write({ type: "extension_ui_response", id: record.id, ...answer });
}

async function promptAndSettle(pi: PiProcess, message: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RpcEvent> {
  const from = pi.events.length;
  const response = await pi.send({ type: "prompt", message });
  if (response.success !== true) throw new Error(`prompt failed: ${JSON.stringify(response)}`);
  if ((response.data as { disposition?: string } | undefined)?.disposition === "handled") return response;
  return pi.waitFor((event) => event.type === "agent_settled", timeoutMs, from);
}

async function commandNotice(pi: PiProcess, text: string): Promise<Record<string, unknown>> {
  const from = pi.events.length;
  const response = await pi.send({ type: "prompt", message: text });
  if (response.success !== true) throw new Error(`command failed: ${JSON.stringify(response)}`);
  const note = await pi.waitFor(
    (event) =>
      event.type === "extension_ui_request" && event.method === "notify" && String(event.message).startsWith("{"),
    DEFAULT_TIMEOUT_MS,
    from,
  );
  return JSON.parse(String(note.message)) as Record<string, unknown>;
}
