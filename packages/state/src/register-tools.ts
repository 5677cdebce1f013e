// The model's two tools and the person's /state command, registered on Pi (the entry in extensions/state.ts calls
// this once the runtime is active).
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { type Diagnostics, notifyOrStderr, renderToolResult } from "@powercontext/pi-kit";
import { runStateCommand, STATE_COMMAND_DESCRIPTION } from "./commands/state.ts";
import type { PromoteDeps } from "./promote.ts";
import { runPatchState } from "./tools/patch-state.ts";
import { runReadState } from "./tools/read-state.ts";
import * as schemas from "./tools/schemas.ts";

/** patch_state, read_state and /state. */
export function registerToolsAndCommand(pi: ExtensionAPI, deps: PromoteDeps, attach: Diagnostics["attach"]): void {
  const { runtime } = deps;
  pi.registerTool({
    name: "patch_state",
    label: "Patch State",
    description: schemas.PATCH_STATE_DESCRIPTION,
    parameters: schemas.PatchStateParameters,
    execute: async (toolCallId, params, _signal, _onUpdate, ctx) =>
      renderToolResult(await runPatchState(runtime, params, ctx, toolCallId)),
  });
  pi.registerTool({
    name: "read_state",
    label: "Read State",
    description: schemas.READ_STATE_DESCRIPTION,
    parameters: schemas.ReadStateParameters,
    execute: async (_toolCallId, params, _signal, _onUpdate, ctx) =>
      renderToolResult(await runReadState(runtime, params, ctx)),
  });
  pi.registerCommand("state", {
    description: STATE_COMMAND_DESCRIPTION,
    handler: async (args, ctx) => {
      attach(ctx);
      const report = await runStateCommand(deps, args, ctx);
      notifyOrStderr(ctx, report.text, report.level);
    },
  });
}
