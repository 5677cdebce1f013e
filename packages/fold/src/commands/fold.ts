// `/fold status | commit`: the person's view of the fold state, and landing every pending mark now. Short text by
// default, the full JSON with `--json`.
import { takeJsonFlag } from "@powercontext/pi-kit";
import type { FoldRuntime } from "../activate.ts";
import type { FoldContext } from "../host.ts";
import { formatCommit, formatFoldStatus } from "./fold-format.ts";

export const FOLD_COMMAND_DESCRIPTION = "powercontext-fold: status | commit (lands every pending mark now) [--json]";

/** Shows the answer through the UI (stderr without one). */
export async function runFoldCommand(runtime: FoldRuntime, args: string, ctx: FoldContext): Promise<void> {
  const { json, rest } = takeJsonFlag(args);
  const verb = rest || "status";
  const session = runtime.sessionFor(ctx);
  if (verb === "status") {
    const status = session.status(sessionMessages(ctx));
    runtime.notify(ctx, json ? JSON.stringify(status) : formatFoldStatus(status), "info");
  } else if (verb === "commit") {
    const record = await session.commitMarks();
    runtime.notify(ctx, json ? JSON.stringify({ commit: record }) : formatCommit(record), "info");
  } else {
    const message = `unknown subcommand "${verb}"; use status or commit`;
    runtime.notify(
      ctx,
      json ? JSON.stringify({ error: message }) : `Usage: /fold [status | commit] [--json] (${message})`,
      "warning",
    );
  }
}

/** How many messages the session's branch holds now: the entries behind the next request that are messages. */
export function sessionMessages(ctx: FoldContext): number | null {
  try {
    return ctx.sessionManager.buildContextEntries().filter((entry) => (entry as { type?: unknown }).type === "message")
      .length;
  } catch {
    return null;
  }
}
