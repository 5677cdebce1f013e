// A second extension for the compaction suites: `/note <text>` appends a context-bearing custom message of its own
// (another extension's context, which completed-history compaction must never drop). The Stop suite's host sends
// the same message through its own command.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export const FOREIGN_NOTE = "test-foreign-note";

/** Stores `text` as another extension's context-bearing custom message, without starting a turn. */
export function sendForeignNote(pi: ExtensionAPI, text: string): void {
  pi.sendMessage({ customType: FOREIGN_NOTE, content: text, display: true }, { triggerTurn: false });
}

export default function foreignNote(pi: ExtensionAPI): void {
  pi.registerCommand("note", {
    description: "Adds a note the model sees (test only)",
    handler: async (args) => sendForeignNote(pi, args),
  });
}
