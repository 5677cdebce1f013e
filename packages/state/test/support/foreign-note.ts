// A second extension for the compaction suites: `/note <text>` appends a context-bearing custom message of its own
// (another extension's context, which completed-history compaction must never drop).
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export const FOREIGN_NOTE = "test-foreign-note";

export default function foreignNote(pi: ExtensionAPI): void {
  pi.registerCommand("note", {
    description: "Adds a note the model sees (test only)",
    handler: async (args) => {
      pi.sendMessage({ customType: FOREIGN_NOTE, content: args, display: true }, { triggerTurn: false });
    },
  });
}
