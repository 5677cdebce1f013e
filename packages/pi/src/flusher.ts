// Pending flushes: the greatest unprocessed position per Scope, driven until current_cursor ≥ position.
import { isObject, type PowerContextClient } from "./client.ts";
import { describeError } from "./errors.ts";
import type { Logger } from "@powercontext/pi-kit";

export interface FlushReport {
  /** Scopes pending when the loop started. */
  scopes: number;
  /** Scopes whose cursor reached their position. */
  cleared: number;
  /** flush_memory calls sent. */
  calls: number;
  /** Scopes still pending afterwards (lagging cursor, error, or budget spent). */
  pending: number;
}

export interface Flusher {
  /** Records a captured position; a lower position never lowers the pending one. */
  record(scopeId: string, position: number): void;
  /** The pending position of `scopeId`, if any. */
  pendingPosition(scopeId: string): number | undefined;
  /**
   * Runs one bounded loop over the pending Scopes: at most `maxCalls` calls per Scope, all within `budgetMs`
   * (and `signal`). Concurrent calls share the in-flight loop. Never rejects. It reports cursor facts only;
   * a cleared Scope does not mean any Memory was produced.
   */
  flush(options: { budgetMs: number; signal?: AbortSignal }): Promise<FlushReport>;
}

/** A current_cursor that is an integer ≥ 0, else null. */
export function readCursor(value: unknown): number | null {
  const cursor = isObject(value) ? value.current_cursor : undefined;
  return typeof cursor === "number" && Number.isInteger(cursor) && cursor >= 0 ? cursor : null;
}

export function createFlusher({
  client,
  maxCalls,
  log,
}: {
  client: PowerContextClient;
  maxCalls: number;
  log: Logger;
}): Flusher {
  const pending = new Map<string, number>();
  let inFlight: Promise<FlushReport> | null = null;

  async function flushScope(scopeId: string, signal: AbortSignal, report: FlushReport): Promise<void> {
    for (let call = 0; call < maxCalls && !signal.aborted; call += 1) {
      report.calls += 1;
      let cursor: number | null;
      try {
        cursor = readCursor((await client.request("flush_memory", { scope_id: scopeId }, signal)).value);
      } catch (error) {
        log("flush.failed", { ...describeError(error), scope_id: scopeId });
        return;
      }
      if (cursor === null) {
        log("flush.failed", { code: "invalid_response", scope_id: scopeId });
        return;
      }
      const target = pending.get(scopeId);
      if (target === undefined) return;
      if (cursor >= target) {
        pending.delete(scopeId);
        report.cleared += 1;
        return;
      }
    }
  }

  async function run(budgetMs: number, signal: AbortSignal | undefined): Promise<FlushReport> {
    const report: FlushReport = { scopes: pending.size, cleared: 0, calls: 0, pending: 0 };
    if (pending.size > 0) {
      const deadline = AbortSignal.timeout(budgetMs);
      const bounded = signal === undefined ? deadline : AbortSignal.any([deadline, signal]);
      for (const scopeId of [...pending.keys()]) {
        if (bounded.aborted) break;
        await flushScope(scopeId, bounded, report);
      }
    }
    report.pending = pending.size;
    return report;
  }

  return {
    record(scopeId, position) {
      pending.set(scopeId, Math.max(pending.get(scopeId) ?? 0, position));
    },
    pendingPosition: (scopeId) => pending.get(scopeId),
    flush({ budgetMs, signal }) {
      if (inFlight !== null) return inFlight;
      const task = run(budgetMs, signal).catch((error: unknown) => {
        log("flush.failed", describeError(error));
        return { scopes: 0, cleared: 0, calls: 0, pending: pending.size };
      });
      inFlight = task;
      void task.finally(() => {
        if (inFlight === task) inFlight = null;
      });
      return task;
    },
  };
}
