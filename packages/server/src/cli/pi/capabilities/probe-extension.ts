// Loaded into an isolated Pi by `doctor pi --capabilities` (never installed). It reports what it did on stderr as
// `PC_PROBE {json}` lines and acts only on prompts that carry its markers.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

function report(value: Record<string, unknown>): void {
  process.stderr.write(`PC_PROBE ${JSON.stringify(value)}\n`);
}

export default function capabilityProbe(pi: ExtensionAPI): void {
  pi.on("before_agent_start", (event) => {
    const prompt: unknown = "prompt" in event ? event.prompt : undefined;
    if (typeof prompt === "string" && prompt.includes("PC_PROBE_TOOLS")) {
      pi.setActiveTools(pi.getActiveTools().filter((name) => name !== "read"));
      report({ event: "set_active_tools", active: pi.getActiveTools() });
    }
    return undefined;
  });
  pi.on("before_provider_request", (event) => {
    if (JSON.stringify(event.payload).includes("PC_PROBE_BLOCK")) {
      report({ event: "block_thrown" });
      throw new Error("pc-probe: blocked before dispatch");
    }
    return undefined;
  });
  pi.on("session_before_compact", (event) => {
    report({ event: "session_before_compact", reason: event.reason });
    return { cancel: true };
  });
  pi.on("session_compact", () => report({ event: "session_compact" }));
}
