// Group commit for captures. node:sqlite is synchronous, so each commit (an fsync with synchronous=FULL) would block
// the event loop once per capture. Captures that arrive in the same turn of the event loop are written in one
// transaction instead; each caller is answered only after that transaction committed.
import type { DatabaseSync } from "node:sqlite";
import type { CaptureResult, NewSource } from "../types.ts";
import { transaction } from "./database.ts";
import { captureSource } from "./journal.ts";

const MAX_SOURCES_PER_COMMIT = 256;
/** Content characters per commit (one capture may hold 200,000). */
const MAX_CHARS_PER_COMMIT = 4_000_000;

interface Waiting {
  source: NewSource;
  resolve(result: CaptureResult): void;
  reject(error: unknown): void;
}

export function groupCaptures(db: DatabaseSync): (source: NewSource) => Promise<CaptureResult> {
  const queue: Waiting[] = [];
  let scheduled = false;

  function take(): Waiting[] {
    let count = 0;
    let chars = 0;
    while (count < queue.length && count < MAX_SOURCES_PER_COMMIT) {
      chars += queue[count]?.source.content.length ?? 0;
      if (count > 0 && chars > MAX_CHARS_PER_COMMIT) break;
      count += 1;
    }
    return queue.splice(0, count);
  }

  function commit(): void {
    scheduled = false;
    for (let batch = take(); batch.length > 0; batch = take()) {
      try {
        const results = transaction(db, () => batch.map((waiting) => captureSource(db, waiting.source)));
        for (const [i, waiting] of batch.entries()) waiting.resolve(results[i] as CaptureResult);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
  }

  return (source) =>
    new Promise<CaptureResult>((resolve, reject) => {
      queue.push({ source, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(commit);
      }
    });
}
