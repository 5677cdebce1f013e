// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { createStderrLogger, failOpen, notifyOrStderr, renderToolResult } from "@powercontext/pi-kit";
import { activateState } from "../src/activate.ts";
import { runStateCommand, STATE_COMMAND_DESCRIPTION } from "../src/commands/state.ts";
import { describeStateError } from "../src/errors.ts";
import { guardFork } from "../src/hooks/fork.ts";
import { agentEnd, beforeAgentStart } from "../src/hooks/turn.ts";
import type { StoreSeams } from "../src/runtime.ts";
import { blockBarredCall, runPatchState } from "../src/tools/patch-state.ts";
import { runReadState } from "../src/tools/read-state.ts";
import { PATCH_STATE_DESCRIPTION, PatchStateParameters } from "../src/tools/schemas.ts";
import { READ_STATE_DESCRIPTION, ReadStateParameters } from "../src/tools/schemas.ts";

export default function powercontextState(pi: ExtensionAPI): void {
  registerState(pi);
}

/** Registers powercontext-state; `seams` are for tests only (the real entry passes none). */
export function registerState(pi: ExtensionAPI, seams: StoreSeams = {}): void {
  const log = createStderrLogger("powercontext-state");
  const deps = activateState(pi, process.env, log, seams);
  if (deps === null) return;
  const { runtime } = deps;
  const reporting = { log, describe: describeStateError };

  pi.on(
    "session_start",
    failOpen(reporting, "session_start", async (event, ctx) => {
      await runtime.start(ctx, event);
    }),
  );
  pi.on(
    "session_before_fork",
    failOpen(reporting, "session_before_fork", (event, ctx) => guardFork(runtime, event, ctx)),
  );
  pi.on(
    "before_agent_start",
    failOpen(reporting, "before_agent_start", (event, ctx) => beforeAgentStart(runtime, event.systemPrompt, ctx)),
  );
  pi.on(
    "message_end",
    failOpen(reporting, "message_end", (event) => runtime.batches.record(event.message)),
  );
  pi.on(
    "tool_call",
    failOpen(reporting, "tool_call", (event, ctx) => blockBarredCall(runtime, ctx, event.toolCallId)),
  );
  pi.on(
    "agent_end",
    failOpen(reporting, "agent_end", (_event, ctx) => agentEnd(runtime, ctx)),
  );

  pi.registerTool({
    name: "patch_state",
    label: "Patch State",
    description: PATCH_STATE_DESCRIPTION,
    parameters: PatchStateParameters,
    execute: async (toolCallId, params, _signal, _onUpdate, ctx) =>
      renderToolResult(await runPatchState(runtime, params, ctx, toolCallId)),
  });
  pi.registerTool({
    name: "read_state",
    label: "Read State",
    description: READ_STATE_DESCRIPTION,
    parameters: ReadStateParameters,
    execute: async (_toolCallId, params, _signal, _onUpdate, ctx) =>
      renderToolResult(await runReadState(runtime, params, ctx)),
  });
  pi.registerCommand("state", {
    description: STATE_COMMAND_DESCRIPTION,
    handler: async (args, ctx) => {
      const outcome = await runStateCommand(deps, args, ctx);
      notifyOrStderr(ctx, JSON.stringify(outcome), outcome.ok ? "info" : "error");
    },
  });
}
