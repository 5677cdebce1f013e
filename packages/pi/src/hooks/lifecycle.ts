// Lifecycle boundaries: agent_end starts the pending flush; compaction, switch and shutdown await it.
import type { FlushReport } from "../flusher.ts";
import type { Runtime } from "../runtime.ts";
import { closingBudgetMs } from "../config.ts";

/** agent_end: starts the pending flush and returns at once. */
export function startPendingFlush(runtime: Runtime): void {
  void runtime.flusher.flush({ budgetMs: closingBudgetMs(runtime.settings) });
}

/** session_before_compact / session_before_switch / session_shutdown: awaits it within the closing budget. */
export function awaitPendingFlush(runtime: Runtime, signal?: AbortSignal): Promise<FlushReport> {
  return runtime.flusher.flush({
    budgetMs: closingBudgetMs(runtime.settings),
    ...(signal === undefined ? {} : { signal }),
  });
}
