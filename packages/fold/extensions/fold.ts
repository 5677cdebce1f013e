// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { failOpen, piAgentDir } from "@powercontext/pi-kit";
import { activateFold } from "../src/activate.ts";
import { runFoldCommand, FOLD_COMMAND_DESCRIPTION } from "../src/commands/fold.ts";
import { describeFoldError } from "../src/errors.ts";
import { answerCompaction } from "../src/hooks/compact.ts";
import { projectContext, systemMessagesInPlace } from "../src/hooks/context.ts";
import { recordEvidence, recordResponse } from "../src/hooks/tool-activity.ts";
import { complete } from "../src/host-complete.ts";
import type { FoldRegistration } from "../src/projection-candidates.ts";
import { runFoldTool, TOOL_DESCRIPTION, TOOL_NAME, TOOL_PARAMETERS } from "../src/tools/fold-context.ts";

export default function fold(pi: ExtensionAPI): void {
  registerFold(pi);
}

/** Registers powercontext-fold. Options are validated together; a bad policy throws before anything registers. */
export function registerFold(pi: ExtensionAPI, input: unknown = {}): FoldRegistration {
  const runtime = activateFold(pi, { input, complete, agentDir: piAgentDir(process.env) });
  const reporting = { log: runtime.log, describe: describeFoldError };

  pi.on(
    "session_start",
    failOpen(reporting, "session_start", (_event, ctx) => {
      runtime.reset();
      runtime.sessionFor(ctx);
    }),
  );
  // The fold state lives in the branch (snapshot entries): after /tree it is the state of the branch landed on.
  pi.on(
    "session_tree",
    failOpen(reporting, "session_tree", (_event, ctx) => {
      runtime.sessionFor(ctx).load(ctx.sessionManager.getBranch());
    }),
  );
  pi.on(
    "context",
    failOpen(reporting, "context", async (event, ctx) => {
      const projected = await projectContext(runtime, event, ctx);
      return projected && { messages: projected.messages as unknown as typeof event.messages };
    }),
  );
  // Pi 0.87 and later: the system messages (prompt-section patches) stay where the transcript has them.
  pi.on(
    "context_with_system",
    failOpen(reporting, "context_with_system", (event, ctx) => {
      const placed = systemMessagesInPlace(runtime, event, ctx);
      return placed && { messages: placed.messages as unknown as typeof event.messages };
    }),
  );
  pi.on(
    "message_end",
    failOpen(reporting, "message_end", (event, ctx) => recordResponse(runtime, event, ctx)),
  );
  pi.on(
    "tool_result",
    failOpen(reporting, "tool_result", (event, ctx) => recordEvidence(runtime, event, ctx)),
  );
  pi.on(
    "session_before_compact",
    failOpen(reporting, "session_before_compact", (event, ctx) => answerCompaction(runtime, event, ctx)),
  );

  pi.registerTool({
    name: TOOL_NAME,
    label: "Fold context",
    description: TOOL_DESCRIPTION,
    parameters: TOOL_PARAMETERS,
    execute: (_toolCallId, params, _signal, _onUpdate, ctx) => runFoldTool(runtime, params, ctx),
  });
  pi.registerCommand("fold", {
    description: FOLD_COMMAND_DESCRIPTION,
    handler: (args, ctx) => runFoldCommand(runtime, args, ctx),
  });
  return { projectionCandidates: (ctx) => runtime.sessionFor(ctx).projectionCandidates() };
}
