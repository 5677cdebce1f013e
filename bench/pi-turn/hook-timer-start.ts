// Loaded before powercontext-pi: stamps the start of before_agent_start handling.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function hookTimerStart(pi: ExtensionAPI): void {
  pi.on("before_agent_start", () => {
    (globalThis as { __pcBenchStart?: number }).__pcBenchStart = performance.now();
  });
}
