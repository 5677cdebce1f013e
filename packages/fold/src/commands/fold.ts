// `/fold status | commit`: the person's view of the fold state, and landing every pending mark now.
import type { FoldRuntime } from "../activate.ts";
import type { FoldContext } from "../host.ts";

export const FOLD_COMMAND_DESCRIPTION = "powercontext-fold: status | commit (lands every pending mark now)";

/** Shows the JSON result through the UI (stderr without one). */
export async function runFoldCommand(runtime: FoldRuntime, args: string, ctx: FoldContext): Promise<void> {
  const verb = args.trim() || "status";
  const session = runtime.sessionFor(ctx);
  const result =
    verb === "commit"
      ? { commit: await session.commitMarks() }
      : verb === "status"
        ? session.status()
        : { error: `unknown subcommand "${verb}"; use status or commit` };
  runtime.notify(ctx, JSON.stringify(result), "error" in result ? "error" : "info");
}
