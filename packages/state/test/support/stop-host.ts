// A test-only entry: powercontext-state plus three commands the RPC protocol lacks, each answering with a JSON notice
// (what `pi.command` waits for): `/test-foreign <text>` stores a custom message of another extension (no turn),
// `/test-reload` runs Pi's reload (the reloaded instance answers), `/test-tree <text>` navigates /tree to the newest user message holding <text>
// (Pi puts the leaf on its parent), `/test-tree-entry <text>` to the newest message of any role holding <text> (the
// leaf is that entry).
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerState } from "../../extensions/state.ts";
import { sendForeignNote } from "./foreign-note.ts";

export default function stopHost(pi: ExtensionAPI): void {
  registerState(pi);
  pi.registerCommand("test-foreign", {
    handler: async (args, ctx) => {
      sendForeignNote(pi, args);
      ctx.ui.notify(JSON.stringify({ ok: true }), "info");
    },
  });
  // The command's ctx is stale once the reload is done (Pi 1.6.0 refuses it), so the reloaded instance answers.
  pi.registerCommand("test-reload", { handler: (_args, ctx) => ctx.reload() });
  pi.on("session_start", (event, ctx) => {
    if (event.reason === "reload") ctx.ui.notify(JSON.stringify({ ok: true, reloaded: true }), "info");
  });
  registerTreeCommand(pi, "test-tree", true);
  registerTreeCommand(pi, "test-tree-entry", false);
}

function registerTreeCommand(pi: ExtensionAPI, name: string, userOnly: boolean): void {
  pi.registerCommand(name, {
    handler: async (args, ctx) => {
      const target = ctx.sessionManager
        .getEntries()
        .findLast(
          (entry) =>
            entry.type === "message" &&
            (!userOnly || entry.message.role === "user") &&
            JSON.stringify(entry.message).includes(args),
        );
      if (target === undefined) return ctx.ui.notify(JSON.stringify({ ok: false, missing: args }), "error");
      const result = await ctx.navigateTree(target.id, { summarize: false });
      ctx.ui.notify(JSON.stringify({ ok: true, cancelled: result.cancelled }), "info");
    },
  });
}
