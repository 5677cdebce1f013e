// The asynchronous publication of the newest queued commit: under the destination's lease, push the exact target
// (non-interactive, in its own process group, killed at the deadline), then confirm it (only that exact target
// leaves the queue) or record the failure (it stays queued: the next launch, in this process or after a restart,
// tries again). A failure here never touches semantic state.
import { claimLease } from "./push-lease.ts";
import { confirm, type Destination, pushDirectory, readQueue, recordFailure, underWriterLock } from "./push-queue.ts";
import { GIT_TIMEOUT_MS, runGit } from "./git-command.ts";

export type PushOutcome =
  | { status: "pushed"; target: string }
  | { status: "idle" }
  | { status: "busy" }
  | { status: "malformed" }
  | { status: "failed" | "timeout"; target: string; error: string };

export interface PushOptions {
  destination: Destination;
  timeoutMs?: number;
  binary?: string;
  signal?: AbortSignal;
}

/** One push of `target` to the destination; `timeout` when its process group had to be killed. */
export async function pushGitTarget(
  root: string,
  target: string,
  options: PushOptions,
): Promise<{ ok: true } | { ok: false; timeout: boolean; error: string }> {
  const { remote, ref } = options.destination;
  const result = await runGit(root, ["push", "--quiet", "--no-verify", "--", remote, `${target}:${ref}`], {
    timeoutMs: options.timeoutMs ?? GIT_TIMEOUT_MS,
    ...(options.binary === undefined ? {} : { binary: options.binary }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (result.code === 0 && !result.killed) return { ok: true };
  const error = result.killed
    ? `push killed (deadline ${options.timeoutMs ?? GIT_TIMEOUT_MS} ms, or cancelled)`
    : result.stderr.trim() || `git push exited ${result.code}`;
  return { ok: false, timeout: result.killed, error };
}

/** Pushes until the queue is empty (a target queued during a push is pushed next), or an attempt fails. */
export async function runPushWorker(root: string, options: PushOptions): Promise<PushOutcome> {
  const directory = pushDirectory(root);
  const lease = await claimLease(directory);
  if (lease === null) return { status: "busy" };
  try {
    let last: PushOutcome = { status: "idle" };
    for (let round = 0; round < 4; round += 1) {
      const state = readQueue(directory);
      if (state.kind === "malformed") return { status: "malformed" };
      if (state.kind === "empty") return last;
      const { record, receipt } = state.read;
      if (options.signal?.aborted) return last;
      const pushed = await pushGitTarget(root, record.target, options);
      if (!pushed.ok) {
        await underWriterLock(directory, () => recordFailure(directory, receipt, pushed.error, new Date()));
        return { status: pushed.timeout ? "timeout" : "failed", target: record.target, error: pushed.error };
      }
      await underWriterLock(directory, () => confirm(directory, record.target));
      last = { status: "pushed", target: record.target };
    }
    return last;
  } finally {
    lease.release();
  }
}
