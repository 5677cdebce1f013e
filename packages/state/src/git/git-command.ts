// Running Git for the store: one bounded child process per command, non-interactive.
// `missing` is true only when the executable itself is absent (ENOENT): that, and nothing else, selects file-only mode.
import { spawn } from "node:child_process";

/** The seed's budget for any one Git command. */
export const GIT_TIMEOUT_MS = 15_000;
/** Diagnostic stderr kept from a failed command; the rest is dropped. */
const STDERR_LIMIT = 4_096;

export interface GitResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  /** The `git` executable was not found (ENOENT). */
  missing: boolean;
  /** The command passed its deadline (or was cancelled) and its process group was killed. */
  killed: boolean;
}

export interface GitOptions {
  /** Extra environment (e.g. GIT_INDEX_FILE for an isolated index). */
  env?: Record<string, string>;
  input?: string | Buffer;
  timeoutMs?: number;
  /** The executable; tests point it at a missing path to prove file-only mode. */
  binary?: string;
  /** Aborting kills the process group at once (session shutdown). */
  signal?: AbortSignal;
}

/**
 * Variables that point Git at another repository, index or object store. Git sets them for its hooks, so a Pi started
 * from a hook (or a shell that exported them) would otherwise commit the store's state into the caller's repository.
 */
const REPOSITORY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_PREFIX",
];

function gitEnvironment(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of REPOSITORY_VARIABLES) delete inherited[name];
  return { ...inherited, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", SSH_ASKPASS: "", LC_ALL: "C", ...extra };
}

/** Kills the whole process group of a detached leader (hooks and helpers it started included). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === "win32" ? pid : -pid, "SIGKILL");
  } catch {
    // Already gone: nothing to kill.
  }
}

/**
 * Runs `git args` in `cwd`, in its own process group. At the deadline (or on abort) the group gets SIGKILL and the
 * result says `killed`; the promise settles only when the process has exited and its pipes closed (or spawn failed).
 */
export function runGit(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((finish) => {
    const child = spawn(options.binary ?? "git", [...args], {
      cwd,
      env: gitEnvironment(options.env),
      stdio: ["pipe", "pipe", "pipe"],
      detached: process.platform !== "win32",
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    let stderr = "";
    let killed = false;
    let spawnError: NodeJS.ErrnoException | null = null;
    const stop = () => {
      killed = true;
      killGroup(child.pid);
      // A pipe held open by an escaped helper must not keep us waiting past the deadline.
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(stop, options.timeoutMs ?? GIT_TIMEOUT_MS);
    options.signal?.addEventListener("abort", stop, { once: true });
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString("utf8").slice(0, STDERR_LIMIT - stderr.length);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
    child.on("close", (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", stop);
      finish({
        code: spawnError === null ? code : null,
        stdout: Buffer.concat(stdout),
        stderr: spawnError === null ? stderr : String(spawnError.code),
        missing: spawnError?.code === "ENOENT",
        killed,
      });
    });
  });
}

/** Whether a commit-ish names a full or abbreviated object id (hex only: never an option or a ref expression). */
export function isObjectId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{7,64}$/.test(value);
}
