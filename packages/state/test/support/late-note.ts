// A second extension for the compaction suites, loaded before powercontext-state: while Pi prepares any manual
// compaction it adds a context-bearing message, as input arriving between the request and the pass would.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function lateNote(pi: ExtensionAPI): void {
  pi.on("session_before_compact", (event) => {
    if (event.reason !== "manual") return;
    pi.sendMessage(
      { customType: "test-late-note", content: "arrived meanwhile", display: true },
      { triggerTurn: false },
    );
  });
}
