// Test-only Pi extension, loaded after ours: it marks each lifecycle event with a request to the recording proxy
// (`GET /probe/<event>`), so the proxy's request order shows which event our flush ran in.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function probe(pi: ExtensionAPI): void {
  const url = process.env.PC_PROBE_URL;
  if (url === undefined) return;
  const mark = async (event: string) => {
    try {
      await fetch(`${url}/probe/${event}`, { signal: AbortSignal.timeout(2000) });
    } catch {
      // the probe never disturbs the host
    }
  };
  pi.on("agent_end", () => mark("agent_end"));
  pi.on("session_before_compact", () => mark("session_before_compact"));
  pi.on("session_before_switch", () => mark("session_before_switch"));
  pi.on("session_shutdown", () => mark("session_shutdown"));
}
