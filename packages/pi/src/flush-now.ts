// Immediate flush after a capture: only a test entry asks for it (TestSeams.flushOnCapture in runtime.ts).
import type { PowerContextClient } from "./client.ts";
import { readCursor } from "./flusher.ts";

/**
 * Calls flush up to `maxCalls` times until current_cursor ≥ `position`, retrying transient errors.
 * Resolves true when the cursor reached the position; false when the calls or the budget ran out. Never rejects.
 */
export async function flushThrough(
  client: PowerContextClient,
  { scopeId, position, maxCalls }: { scopeId: string; position: number; maxCalls: number },
  signal?: AbortSignal,
): Promise<boolean> {
  for (let call = 0; call < maxCalls && signal?.aborted !== true; call += 1) {
    try {
      const cursor = readCursor((await client.request("flush_memory", { scope_id: scopeId }, signal)).value);
      if (cursor !== null && cursor >= position) return true;
    } catch {
      // Transient: try again while calls and budget remain; the caller keeps the position pending otherwise.
    }
  }
  return false;
}
