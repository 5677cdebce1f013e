// A real `powercontext server run` child process on an ephemeral port, for end-to-end tests.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const BIN_PATH = fileURLToPath(new URL("../../bin/powercontext.js", import.meta.url));
/** The Node flags of the bin's shebang, so a test Server runs exactly as `npx powercontext` does. */
export const BIN_NODE_FLAGS: readonly string[] = (readFileSync(BIN_PATH, "utf8").split("\n", 1)[0] ?? "")
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));

const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code or signal. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...BIN_NODE_FLAGS, BIN_PATH, "server", "run", "--port", "0", "--data-dir", dataDir, "--json"],
    { env: { ...process.env, POWERCONTEXT_SERVER_LOG_LEVEL: "silent", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: on a loaded machine start-up alone took 17 s. A Server that did not start is killed, or its process
    // would keep the test file from ever finishing.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${START_TIMEOUT_MS / 1000} s: ${stderr}`));
    }, START_TIMEOUT_MS);
    lines.on("line", (line) => {
      try {
        const parsed = JSON.parse(line) as { status?: string; url?: string };
        if (parsed.status === "listening" && parsed.url) {
          clearTimeout(timer);
          resolve(parsed.url);
        }
      } catch {
        // not our line
      }
    });
    void exited.then(([code]) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  return { url, child, exited };
}
