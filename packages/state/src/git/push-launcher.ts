// Starting the background push of one loaded extension: at most one worker at a time per process (the lease keeps
// other processes out), never awaited by a turn; its outcome is logged, and a running push can be cancelled (its
// process group killed) at session_shutdown, its target staying queued for the next launch or process.
import type { Logger } from "../host.ts";
import { hasRepository } from "./cohort-commit.ts";
import { runGit } from "./git-command.ts";
import { type Destination, enqueue, pushDirectory, readQueue, underWriterLock } from "./push-queue.ts";
import { type PushOutcome, runPushWorker } from "./push-worker.ts";
import { readHead } from "./refs.ts";

/** The ref the store's history is published to on the remote. */
export const REMOTE_REF = "refs/heads/powercontext-state";

export interface PushLauncher {
  /** Starts a worker unless one runs; `queueNewest` first queues the repository's HEAD. */
  launch(queueNewest: boolean): void;
  settled(): Promise<PushOutcome | null>;
  close(): Promise<void>;
}

export function createPushLauncher(options: {
  root: string;
  remote: string | null;
  log: Logger;
  git: { binary?: string };
  pushTimeoutMs?: number;
  isFileOnly: () => boolean;
}): PushLauncher {
  const { root, log, git } = options;
  const destination: Destination | null = options.remote === null ? null : { remote: options.remote, ref: REMOTE_REF };
  const timeout = options.pushTimeoutMs === undefined ? {} : { timeoutMs: options.pushTimeoutMs };
  let running: Promise<PushOutcome | null> = Promise.resolve(null);
  let busy = false;
  /** A newer HEAD asked to be queued while a worker ran (e.g. one resumed at session start): queued after it. */
  let queueAfter = false;
  let closed = false;
  let abort: AbortController | null = null;
  const launcher: PushLauncher = {
    launch(queueNewest) {
      if (destination === null || closed || options.isFileOnly() || !hasRepository(root)) return;
      if (busy) {
        queueAfter ||= queueNewest;
        return;
      }
      busy = true;
      const controller = new AbortController();
      abort = controller;
      running = (async () => {
        if (queueNewest) await queueHead(root, destination, git, log);
        const outcome = await runPushWorker(root, { destination, signal: controller.signal, ...git, ...timeout });
        if (outcome.status !== "pushed" && outcome.status !== "idle") log("git_push.deferred", { ...outcome });
        return outcome;
      })()
        .catch((error: unknown) => {
          log("git_push.deferred", { status: "error", code: (error as { code?: unknown }).code ?? "unexpected" });
          return null;
        })
        .finally(() => {
          busy = false;
          if (!queueAfter) return;
          queueAfter = false;
          launcher.launch(true);
        });
    },
    async settled() {
      let awaited: Promise<PushOutcome | null>;
      do {
        awaited = running;
        await awaited;
      } while (awaited !== running);
      return awaited;
    },
    async close() {
      closed = true;
      abort?.abort();
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
  return launcher;
}

/** Queues the repository's HEAD (the newest cohort commit) for the destination. */
async function queueHead(root: string, destination: Destination, git: { binary?: string }, log: Logger): Promise<void> {
  const head = await readHead(root, git);
  if (!/^[0-9a-f]{40}/.test(head)) return;
  const directory = pushDirectory(root);
  const result = await underWriterLock(directory, async () => {
    const queued = readQueue(directory);
    const older = queued.kind === "queued" ? queued.read.record.target : null;
    const descends =
      older === null ||
      older === head ||
      (await runGit(root, ["merge-base", "--is-ancestor", older, head], git)).code === 0;
    return enqueue(directory, destination, head, () => descends, new Date());
  });
  if (result.status === "destination_changed" || result.status === "malformed")
    log("git_push.queue_refused", { status: result.status });
}
