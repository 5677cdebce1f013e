// What both adapters' group commits share: the captures waiting for a commit, how many of them one commit takes, and
// answering each once its commit is done. When and how a batch is written is the adapter's (engines differ there).
import type { CaptureResult, NewSource } from "./types.ts";

export interface WaitingCapture {
  source: NewSource;
  resolve(result: CaptureResult): void;
  reject(error: unknown): void;
}

export interface CaptureBatchLimits {
  maxSources: number;
  /** Content characters per batch (one capture may hold 200,000). */
  maxChars: number;
}

/**
 * Removes the next batch from the front of `queue` and returns it: at most `maxSources` captures holding at most
 * `maxChars` of content, except that the first capture always goes, however large, so that every capture is written.
 */
export function takeBatch(queue: WaitingCapture[], { maxSources, maxChars }: CaptureBatchLimits): WaitingCapture[] {
  let count = 0;
  let chars = 0;
  while (count < queue.length && count < maxSources) {
    chars += queue[count]?.source.content.length ?? 0;
    if (count > 0 && chars > maxChars) break;
    count += 1;
  }
  return queue.splice(0, count);
}

/** Answers each capture of a committed batch with its result, in order; `results` has one per capture. */
export function answerBatch(batch: readonly WaitingCapture[], results: readonly CaptureResult[]): void {
  batch.forEach((waiting, i) => {
    const result = results[i];
    if (result) waiting.resolve(result);
    else waiting.reject(new Error("a capture batch returned too few results"));
  });
}

/** Fails every capture of a batch whose commit failed, with the commit's error. */
export function failBatch(batch: readonly WaitingCapture[], error: unknown): void {
  for (const waiting of batch) waiting.reject(error);
}
