// A Pi process in RPC mode (JSONL over stdio): sends commands, keeps every stdout record in order.
import { spawn } from "node:child_process";
import { once } from "node:events";

export type RpcRecord = Record<string, unknown>;

export interface RpcSession {
  /** Every stdout record in arrival order; a line that is not a JSON object is kept as `{ invalid_line }`. */
  records: RpcRecord[];
  stderr(): string;
  /** Sends one command with a fresh id and resolves its response (rejects on timeout or exit). */
  send(command: RpcRecord, timeoutMs?: number): Promise<RpcRecord>;
  waitFor(predicate: (record: RpcRecord) => boolean, timeoutMs?: number, from?: number): Promise<RpcRecord>;
  /** Closes stdin and waits for the exit (killing the process after a grace period); resolves the exit code. */
  close(): Promise<number | null>;
}

export interface RpcStartOptions {
  cwd: string;
  env: Record<string, string>;
}

/** Pi's RPC framing splits on "\n" only (not on U+2028/U+2029, which readline would). */
export function startRpcSession(
  executable: string,
  args: readonly string[],
  { cwd, env }: RpcStartOptions,
): RpcSession {
  const child = spawn(executable, ["--mode", "rpc", ...args], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  const exited = once(child, "close").then(
    ([code]) => code as number | null,
    () => null,
  );
  const records: RpcRecord[] = [];
  const listeners = new Set<() => void>();
  let exitedAlready = false;
  let startError: string | null = null;
  let stderr = "";
  let buffer = "";
  let nextId = 0;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  child.on("error", (error) => {
    startError = error.message;
  });
  child.stdin.on("error", () => undefined);
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < 200_000) stderr += chunk.toString("utf8");
  });
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (line.trim() === "") continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      records.push(
        typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
          ? (parsed as RpcRecord)
          : { invalid_line: line.slice(0, 200) },
      );
    }
    notify();
  });
  void exited.then(() => {
    exitedAlready = true;
    notify();
  });
  const session: RpcSession = {
    records,
    stderr: () => (startError === null ? stderr : `${stderr}\n${startError}`),
    waitFor(predicate, timeoutMs = 30_000, from = 0) {
      return new Promise((resolve, reject) => {
        let seen = from;
        const timer = setTimeout(() => done(new Error(`no answer from Pi within ${timeoutMs} ms`)), timeoutMs);
        const done = (error: Error | null, record?: RpcRecord) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error === null && record !== undefined) resolve(record);
          else reject(error ?? new Error("no record"));
        };
        const check = () => {
          for (; seen < records.length; seen += 1) {
            const record = records[seen];
            if (record !== undefined && predicate(record)) return done(null, record);
          }
          if (exitedAlready) done(new Error("Pi exited before it answered"));
        };
        listeners.add(check);
        check();
      });
    },
    send(command, timeoutMs = 30_000) {
      nextId += 1;
      const id = `pc-${nextId}`;
      const from = records.length;
      child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
      return session.waitFor((record) => record.type === "response" && record.id === id, timeoutMs, from);
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  return session;
}
