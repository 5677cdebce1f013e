// Group commit for captures. Each commit to a scope holds the scope's lock through its WAL flush, so one capture per
// commit caps a busy scope at one capture per flush. Instead, while a scope's batch is being written, this
// process's further captures to that scope wait and go together in the next batch: an idle scope writes a capture at
// once, a busy one writes many per commit. Every caller still gets its own result only after its batch committed.
import type { CaptureResult, NewSource } from "../types.ts";
import {
  answerBatch,
  type CaptureBatchLimits,
  failBatch,
  takeBatch,
  type WaitingCapture,
} from "../waiting-captures.ts";

export const DEFAULT_CAPTURE_BATCH_LIMITS: CaptureBatchLimits = { maxSources: 100, maxChars: 4_000_000 };

/**
 * Returns `captureSource` built on `writeBatch`, which must write one scope's Sources atomically, in order, and
 * return one result per Source. A failed batch fails each of its captures with the batch's error.
 */
export function batchCaptures(
  writeBatch: (sources: NewSource[]) => Promise<CaptureResult[]>,
  limits: CaptureBatchLimits = DEFAULT_CAPTURE_BATCH_LIMITS,
): (source: NewSource) => Promise<CaptureResult> {
  /** Captures waiting per scope; a scope has an entry exactly while one of its batches is being written. */
  const queues = new Map<string, WaitingCapture[]>();

  async function drain(scopeId: string, queue: WaitingCapture[]): Promise<void> {
    for (let batch = takeBatch(queue, limits); batch.length > 0; batch = takeBatch(queue, limits)) {
      try {
        answerBatch(batch, await writeBatch(batch.map((waiting) => waiting.source)));
      } catch (error) {
        failBatch(batch, error);
      }
    }
    queues.delete(scopeId);
  }

  return (source) =>
    new Promise<CaptureResult>((resolve, reject) => {
      const waiting: WaitingCapture = { source, resolve, reject };
      const queue = queues.get(source.scope_id);
      if (queue) {
        queue.push(waiting);
        return;
      }
      const started = [waiting];
      queues.set(source.scope_id, started);
      void drain(source.scope_id, started);
    });
}
