// A real Pi in its terminal UI, inside tmux: what a person sees, read with `tmux capture-pane`. Each Pi runs on its
// own tmux server (a private socket), so parallel suites and a person's own tmux never meet. Every wait polls the
// screen until a condition holds or a deadline passes: no fixed sleeps.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import type { HermeticHome } from "./home.ts";
import type { PiVersion } from "./hosts.ts";
import { hostEnvironment } from "./pi-process.ts";

const run = promisify(execFile);

export const TMUX = "tmux";
const POLL_MS = 100;
const DEFAULT_WAIT_MS = 30_000;

export interface TmuxPiOptions {
  version: PiVersion;
  home: HermeticHome;
  /** Arguments after `--model fake/fake-model`. */
  args: readonly string[];
  env?: Record<string, string>;
  width?: number;
  height?: number;
}

export interface TmuxPi {
  width: number;
  height: number;
  /** The visible screen, one string per row (trailing spaces trimmed). */
  screen(): Promise<string[]>;
  /** Everything the pane showed, scrollback included, with wrapped rows joined back into their lines. */
  history(): Promise<string[]>;
  /** Types text literally (no key names). */
  type(text: string): Promise<void>;
  /** Presses keys by tmux name: Enter, Escape, Down, C-c. */
  press(...keys: string[]): Promise<void>;
  /** Polls the screen until `found` holds; rejects after the timeout with the last screen in the message. */
  waitFor(what: string, found: (screen: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Whether tmux can be run here. */
export async function hasTmux(): Promise<boolean> {
  try {
    await run(TMUX, ["-V"]);
    return true;
  } catch {
    return false;
  }
}

export async function startTmuxPi({
  version,
  home,
  args,
  env = {},
  width = 160,
  height = 50,
}: TmuxPiOptions): Promise<TmuxPi> {
  const socket = `pc-tui-${randomBytes(4).toString("hex")}`;
  const tmux = (...words: string[]) => run(TMUX, ["-L", socket, ...words], { maxBuffer: 16 * 1024 * 1024 });
  const environment = { ...hostEnvironment(home, env), TERM: "xterm-256color", COLORTERM: "truecolor" };
  const command = [
    "env",
    "-i",
    ...Object.entries(environment).map(([key, value]) => `${key}=${value}`),
    process.execPath,
    version.cli,
    "--model",
    "fake/fake-model",
    ...args,
  ];
  await tmux(
    "-f",
    "/dev/null",
    "new-session",
    "-d",
    "-s",
    "pi",
    "-x",
    `${width}`,
    "-y",
    `${height}`,
    "-c",
    home.cwd,
    ...command,
  );
  await tmux("set-option", "-t", "pi", "history-limit", "20000");
  const capture = async (extra: string[]) => (await tmux("capture-pane", "-p", "-t", "pi", ...extra)).stdout;
  const lines = (text: string) => text.split("\n").map((line) => line.trimEnd());
  const pi: TmuxPi = {
    width,
    height,
    screen: async () => lines(await capture([])),
    history: async () => lines(await capture(["-J", "-S", "-"])),
    type: async (text) => void (await tmux("send-keys", "-t", "pi", "-l", text)),
    press: async (...keys) => void (await tmux("send-keys", "-t", "pi", ...keys)),
    async waitFor(what, found, timeoutMs = DEFAULT_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < deadline) {
        last = (await pi.screen()).join("\n");
        if (found(last)) return last;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the screen was:\n${last}`);
    },
    async stop() {
      try {
        await tmux("kill-server");
      } catch {
        // Already gone (Pi exited and took the session with it).
      }
    },
  };
  return pi;
}
