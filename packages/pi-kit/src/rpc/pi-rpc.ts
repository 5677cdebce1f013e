// The one driver of a Pi process in RPC mode (JSONL over stdio), used by the CLI's host checks and by the real-Pi
// test support: it sends commands with fresh ids and keeps every stdout record in arrival order.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { createLineReader, type InvalidLines, type RpcRecord } from "./jsonl-lines.ts";

export interface PiRpcOptions {
  /** The argv that starts Pi: `[executable]`, or `[process.execPath, "…/cli.js"]`. */
  command: readonly [string, ...string[]];
  /** Pi's arguments after `--mode rpc`. */
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** Runs for each record before any waiter sees it, e.g. to answer a UI request through `write`. */
  onRecord?: (record: RpcRecord) => void;
  /** Default "keep": a non-JSON line is kept as `{ invalid_line }`, so a check can report it. */
  invalidLines?: InvalidLines;
  /** Characters of stderr kept; default unlimited. */
  stderrLimit?: number;
  /** Append the end of Pi's stderr to timeout and exit errors (for test failures); default false. */
  stderrInErrors?: boolean;
  /** Default wait of `send` and `waitFor`, in milliseconds; default 30,000. */
  timeoutMs?: number;
}

export interface PiRpc {
  /** Every stdout record in arrival order; the array grows in place. */
  records: RpcRecord[];
  /** The exit code and signal, once Pi exited. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  hasExited(): boolean;
  /** Pi's stderr so far, with the spawn error (if any) at the end. */
  stderr(): string;
  /** Writes one record as a line on Pi's stdin. */
  write(record: RpcRecord): void;
  /** Sends one command with a fresh id and resolves its response; rejects on timeout or when Pi exits first. */
  send(command: RpcRecord, timeoutMs?: number): Promise<RpcRecord>;
  /** The first record from index `from` on that satisfies `predicate`; rejects on timeout or when Pi exits first. */
  waitFor(predicate: (record: RpcRecord) => boolean, timeoutMs?: number, from?: number): Promise<RpcRecord>;
  /**
   * Closes stdin (Pi runs session_shutdown), kills Pi after `graceMs` (default 10,000) and resolves the exit code once
   * the records Pi wrote have been read.
   */
  stop(graceMs?: number): Promise<number | null>;
}

/** How long `stop` waits, after Pi exited, for the rest of its stdout. */
const CLOSE_WAIT_MS = 2_000;

export function startPiRpc(options: PiRpcOptions): PiRpc {
  const [executable, ...leading] = options.command;
  const child = spawn(executable, [...leading, "--mode", "rpc", ...options.args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const exited = once(child, "exit").then(
    (args) => args as [number | null, NodeJS.Signals | null],
    (): [null, null] => [null, null],
  );
  const output = watchOutput(child, options);
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  let nextId = 0;

  const rpc: PiRpc = {
    records: output.records,
    exited,
    hasExited,
    stderr: output.stderr,
    write(record) {
      child.stdin.write(`${JSON.stringify(record)}\n`);
    },
    waitFor(predicate, timeoutMs = defaultTimeout, from = 0) {
      return waitForRecord(output, predicate, timeoutMs, from);
    },
    send(command, timeoutMs = defaultTimeout) {
      nextId += 1;
      const id = `pc-${nextId}`;
      const from = output.records.length;
      rpc.write({ ...command, id });
      return rpc.waitFor((record) => record.type === "response" && record.id === id, timeoutMs, from);
    },
    async stop(graceMs = 10_000) {
      if (hasExited()) return child.exitCode;
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const [code] = await exited;
      clearTimeout(timer);
      // Pi's last lines may still be in the pipe; a process Pi left holding it must not keep us waiting long.
      await Promise.race([output.allRead, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      return code;
    },
  };
  return rpc;
}

interface RecordStream {
  records: readonly RpcRecord[];
  listeners: Set<() => void>;
  isClosed(): boolean;
  explain(reason: string): string;
}

/** What has been read of Pi's output so far; every listener is told when it grows or ends. */
interface PiOutput extends RecordStream {
  records: RpcRecord[];
  /** Pi's stderr so far, with the spawn error (if any) at the end. */
  stderr(): string;
  /** Resolves once Pi's pipes closed: every line it wrote has been read. */
  allRead: Promise<void>;
}

function watchOutput(child: ChildProcessWithoutNullStreams, options: PiRpcOptions): PiOutput {
  const records: RpcRecord[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  // Closed, not merely exited: every line Pi wrote has been read, so a record still missing will not come.
  let closed = false;
  let startError: string | null = null;
  let stderr = "";
  const limit = options.stderrLimit ?? Number.POSITIVE_INFINITY;
  child.on("error", (error) => {
    startError = error.message;
    closed = true;
    notify();
  });
  const allRead = once(child, "close").then(
    () => undefined,
    () => undefined,
  );
  void allRead.then(() => {
    closed = true;
    notify();
  });
  child.stdin.on("error", () => undefined);
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < limit) stderr += chunk.toString("utf8");
  });
  const read = createLineReader(options.invalidLines ?? "keep", (record) => {
    records.push(record);
    options.onRecord?.(record);
  });
  child.stdout.on("data", (chunk: Buffer) => {
    read(chunk.toString("utf8"));
    notify();
  });
  const stderrText = () => (startError === null ? stderr : `${stderr}\n${startError}`);
  return {
    records,
    listeners,
    isClosed: () => closed,
    stderr: stderrText,
    allRead,
    explain: (reason) =>
      options.stderrInErrors === true ? `${reason}; stderr:\n${stderrText().slice(-4000)}` : reason,
  };
}

function waitForRecord(
  { records, listeners, isClosed, explain }: RecordStream,
  predicate: (record: RpcRecord) => boolean,
  timeoutMs: number,
  from: number,
): Promise<RpcRecord> {
  return new Promise((resolve, reject) => {
    let seen = from;
    const done = (error: Error | null, record?: RpcRecord) => {
      clearTimeout(timer);
      listeners.delete(check);
      if (error === null && record !== undefined) resolve(record);
      else reject(error ?? new Error("no record"));
    };
    const timer = setTimeout(() => done(new Error(explain(`no answer from Pi within ${timeoutMs} ms`))), timeoutMs);
    const check = () => {
      for (; seen < records.length; seen += 1) {
        const record = records[seen];
        if (record !== undefined && predicate(record)) return done(null, record);
      }
      if (isClosed()) done(new Error(explain("Pi exited before it answered")));
    };
    listeners.add(check);
    check();
  });
}
