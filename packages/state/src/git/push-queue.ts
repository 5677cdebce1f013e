// The durable push queue of one destination: `<git dir>/powercontext-state/push/queue.json` holds the newest commit
// to publish (strict versioned JSON, replaced atomically), changed only under the queue's writer lock. Every change
// is compare-and-swap: it names the bytes (sha256) it read, and a worker's result lands only on the target it pushed,
// so a newer target queued meanwhile stays queued. Queue files are not semantic history and are never committed.
import { join } from "node:path";
import { sha256Hex } from "@powercontext/protocol";
import { ensureDirectory, readOwnedFile, removeOwnedFile, replaceFile } from "../atomic-file.ts";
import { acquireLock } from "../store-lock.ts";
import { PRIVATE_DIRECTORY } from "./cohort-commit.ts";

export const QUEUE_FORMAT = "powercontext.state.push-queue.v1";

/** Where commits go: the remote (URL or path) and the full ref. */
export interface Destination {
  remote: string;
  ref: string;
}

export interface QueueRecord {
  format: typeof QUEUE_FORMAT;
  destination: Destination;
  /** The exact commit to publish (full hex id). */
  target: string;
  /** Targets replaced by one that does not descend from them (history rewritten). */
  retired: string[];
  attempts: number;
  last_error: string | null;
  updated_at: string;
}

/** A read of the queue: the record and the hash of the bytes it came from (the CAS receipt). */
export interface QueueRead {
  record: QueueRecord;
  receipt: string;
}

const FULL_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export function pushDirectory(root: string): string {
  return ensureDirectory(root, `.git/${PRIVATE_DIRECTORY}/push`);
}

/** Strict: anything but a well-formed record of this format is null (and left on disk untouched). */
export function parseQueue(bytes: Buffer): QueueRecord | null {
  let value: Partial<QueueRecord>;
  try {
    value = JSON.parse(bytes.toString("utf8")) as Partial<QueueRecord>;
  } catch {
    return null;
  }
  const valid =
    value?.format === QUEUE_FORMAT &&
    typeof value.target === "string" &&
    FULL_ID.test(value.target) &&
    typeof value.destination?.remote === "string" &&
    typeof value.destination.ref === "string" &&
    Array.isArray(value.retired) &&
    value.retired.every((item) => typeof item === "string") &&
    Number.isInteger(value.attempts) &&
    (value.last_error === null || typeof value.last_error === "string") &&
    typeof value.updated_at === "string";
  return valid ? (value as QueueRecord) : null;
}

export type QueueState = { kind: "empty" } | { kind: "queued"; read: QueueRead } | { kind: "malformed" };

export function readQueue(directory: string): QueueState {
  const bytes = readOwnedFile(join(directory, "queue.json"));
  if (bytes === null) return { kind: "empty" };
  const record = parseQueue(bytes);
  return record === null ? { kind: "malformed" } : { kind: "queued", read: { record, receipt: sha256Hex(bytes) } };
}

function writeQueue(directory: string, record: QueueRecord): string {
  const bytes = `${JSON.stringify(record)}\n`;
  replaceFile(join(directory, "queue.json"), bytes);
  return sha256Hex(bytes);
}

/** Runs `work` under the queue's writer lock (cross-process; a dead owner's lock is reclaimed). */
export async function underWriterLock<T>(directory: string, work: () => T | Promise<T>): Promise<T> {
  const lock = await acquireLock(join(directory, "queue.lock"), { timeoutMs: 5_000 });
  try {
    return await work();
  } finally {
    lock.release();
  }
}

export type EnqueueResult =
  | { status: "queued"; receipt: string; superseded: string | null }
  | { status: "unchanged" }
  | { status: "destination_changed"; queued: Destination }
  | { status: "malformed" };

/**
 * Queues `target` as the newest commit for `destination`. A queued target it descends from is superseded; one it does
 * not descend from is retired (recorded). A queue for another destination, or a malformed one, fails closed.
 */
export function enqueue(
  directory: string,
  destination: Destination,
  target: string,
  descends: (older: string) => boolean,
  now: Date,
): EnqueueResult {
  const state = readQueue(directory);
  if (state.kind === "malformed") return { status: "malformed" };
  const previous = state.kind === "queued" ? state.read.record : null;
  if (
    previous !== null &&
    (previous.destination.remote !== destination.remote || previous.destination.ref !== destination.ref)
  )
    return { status: "destination_changed", queued: previous.destination };
  if (previous?.target === target) return { status: "unchanged" };
  const retired = previous === null || descends(previous.target) ? [] : [previous.target];
  const record: QueueRecord = {
    format: QUEUE_FORMAT,
    destination,
    target,
    retired: [...(previous?.retired ?? []), ...retired].slice(-16),
    attempts: 0,
    last_error: null,
    updated_at: now.toISOString(),
  };
  return { status: "queued", receipt: writeQueue(directory, record), superseded: previous?.target ?? null };
}

/** Removes the queue only if it still holds exactly `target` (a newer target stays queued). */
export function confirm(directory: string, target: string): boolean {
  const state = readQueue(directory);
  if (state.kind !== "queued" || state.read.record.target !== target) return false;
  removeOwnedFile(join(directory, "queue.json"));
  return true;
}

/** Records a failed attempt on the exact bytes read (`receipt`); a queue changed since is left as it is. */
export function recordFailure(directory: string, receipt: string, error: string, now: Date): boolean {
  const state = readQueue(directory);
  if (state.kind !== "queued" || state.read.receipt !== receipt) return false;
  const record = state.read.record;
  writeQueue(directory, {
    ...record,
    attempts: record.attempts + 1,
    last_error: error.slice(0, 512),
    updated_at: now.toISOString(),
  });
  return true;
}
