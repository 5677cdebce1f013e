// Group commit for captures. node:sqlite is synchronous, so each commit (an fsync with synchronous=FULL) would block
// the event loop once per capture. Captures that arrive in the same turn of the event loop are written in one
// transaction instead; each caller is answered only after that transaction committed.
import type { DatabaseSync } from "node:sqlite";
import type { CaptureResult, NewSource } from "../types.ts";
import { answerBatch, failBatch, takeBatch, type WaitingCapture } from "../waiting-captures.ts";
import { transaction } from "./database.ts";
import { captureSource } from "./journal.ts";

/** Per transaction; one capture may hold 200,000 characters. */
const LIMITS = { maxSources: 256, maxChars: 4_000_000 };

export function batchCaptures(db: DatabaseSync): (source: NewSource) => Promise<CaptureResult> {
  const queue: WaitingCapture[] = [];
  let scheduled = false;

  function commit(): void {
    scheduled = false;
    for (let batch = takeBatch(queue, LIMITS); batch.length > 0; batch = takeBatch(queue, LIMITS)) {
      try {
        answerBatch(
          batch,
          transaction(db, () => batch.map((waiting) => captureSource(db, waiting.source))),
        );
      } catch (error) {
        failBatch(batch, error);
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
