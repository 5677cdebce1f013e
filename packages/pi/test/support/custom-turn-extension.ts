// Test-only Pi extension: `/probe-notice` sends a custom message that starts a run, as powercontext-fold's notices do
// (`sendMessage(…, { triggerTurn: true })`; Pi 1.2 and later fire before_agent_start for such a run).
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export const NOTICE = "probe notice: the window was folded";

export default function customTurn(pi: ExtensionAPI): void {
  pi.registerCommand("probe-notice", {
    description: "Send a custom message that starts a run",
    handler: async () => {
      pi.sendMessage({ customType: "probe-notice", content: NOTICE, display: true }, { triggerTurn: true });
    },
  });
}
