// Loaded after powercontext-pi: reports how long the handlers in between took, on stderr.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function hookTimerEnd(pi: ExtensionAPI): void {
  pi.on("before_agent_start", () => {
    const start = (globalThis as { __pcBenchStart?: number }).__pcBenchStart ?? performance.now();
    process.stderr.write(`${JSON.stringify({ pc_bench_hook_ms: performance.now() - start })}\n`);
  });
}
