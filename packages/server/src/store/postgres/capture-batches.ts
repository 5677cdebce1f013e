// Group commit for captures. Each commit to a scope holds the scope's lock through its WAL flush, so one capture per
// commit caps a busy scope at one capture per flush. Instead, while a scope's batch is being written, this
// process's further captures to that scope wait and go together in the next batch: an idle scope writes a capture at
// once, a busy one writes many per commit. Every caller still gets its own result only after its batch committed.
import type { CaptureResult, NewSource } from "../types.ts";

export interface CaptureBatchLimits {
  maxSources: number;
  /** Content characters per batch (one capture may hold 200,000). */
  maxChars: number;
}

export const DEFAULT_CAPTURE_BATCH_LIMITS: CaptureBatchLimits = { maxSources: 100, maxChars: 4_000_000 };

interface Waiting {
  source: NewSource;
  resolve(result: CaptureResult): void;
  reject(error: unknown): void;
}

/**
 * Returns `captureSource` built on `writeBatch`, which must write one scope's Sources atomically, in order, and
 * return one result per Source. A failed batch fails each of its captures with the batch's error.
 */
export function batchCaptures(
  writeBatch: (sources: NewSource[]) => Promise<CaptureResult[]>,
  { maxSources, maxChars }: CaptureBatchLimits = DEFAULT_CAPTURE_BATCH_LIMITS,
): (source: NewSource) => Promise<CaptureResult> {
  /** Captures waiting per scope; a scope has an entry exactly while one of its batches is being written. */
  const queues = new Map<string, Waiting[]>();

  function take(queue: Waiting[]): Waiting[] {
    let count = 0;
    let chars = 0;
    while (count < queue.length && count < maxSources) {
      chars += queue[count]?.source.content.length ?? 0;
      if (count > 0 && chars > maxChars) break;
      count += 1;
    }
    return queue.splice(0, count);
  }

  async function drain(scopeId: string, queue: Waiting[]): Promise<void> {
    for (let batch = take(queue); batch.length > 0; batch = take(queue)) {
      try {
        const results = await writeBatch(batch.map((waiting) => waiting.source));
        batch.forEach((waiting, i) => {
          const result = results[i];
          if (result) waiting.resolve(result);
          else waiting.reject(new Error("a capture batch returned too few results"));
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    queues.delete(scopeId);
  }

  return (source) =>
    new Promise<CaptureResult>((resolve, reject) => {
      const waiting: Waiting = { source, resolve, reject };
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
