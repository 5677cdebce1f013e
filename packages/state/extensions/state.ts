// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { runStateCommand } from "../src/commands/state.ts";
import { loadConfig, type StateConfig } from "../src/config.ts";
import { failOpen } from "../src/fail-open.ts";
import { stderrLogger } from "../src/host.ts";
import { agentEnd, beforeAgentStart } from "../src/hooks.ts";
import { renderOutcome } from "../src/outcome.ts";
import { createStateRuntime } from "../src/runtime.ts";
import { createServerAccess } from "../src/server.ts";
import { barrierFor, runPatchState } from "../src/tools/patch-state.ts";
import { runReadState } from "../src/tools/read-state.ts";
import {
  PATCH_STATE_DESCRIPTION,
  PatchStateParameters,
  READ_STATE_DESCRIPTION,
  ReadStateParameters,
} from "../src/tools/schemas.ts";

export default function powercontextState(pi: ExtensionAPI): void {
  const log = stderrLogger;
  let config: StateConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    log("configuration.invalid", { message: (error as Error).message, effect: "powercontext-state is disabled" });
    return;
  }
  const runtime = createStateRuntime(config, pi, log);
  const deps = { runtime, server: createServerAccess(process.env, log) };

  pi.on(
    "session_start",
    failOpen(log, "session_start", async (event, ctx) => {
      await runtime.start(ctx, event);
    }),
  );
  pi.on(
    "session_before_fork",
    failOpen(log, "session_before_fork", async (event, ctx) => {
      const refusal = await runtime.checkFork(ctx, event.entryId, event.position);
      if (refusal === null) return undefined;
      if (ctx.hasUI) ctx.ui.notify(refusal, "error");
      return { cancel: true };
    }),
  );
  pi.on(
    "before_agent_start",
    failOpen(log, "before_agent_start", (event, ctx) => beforeAgentStart(runtime, event.systemPrompt, ctx)),
  );
  pi.on(
    "message_end",
    failOpen(log, "message_end", (event) => runtime.batches.record(event.message)),
  );
  pi.on(
    "tool_call",
    failOpen(log, "tool_call", (event, ctx) => {
      const reason = barrierFor(runtime, ctx, event.toolCallId);
      return reason === null ? undefined : { block: true, reason };
    }),
  );
  pi.on(
    "agent_end",
    failOpen(log, "agent_end", (_event, ctx) => agentEnd(runtime, ctx)),
  );

  pi.registerTool({
    name: "patch_state",
    label: "Patch State",
    description: PATCH_STATE_DESCRIPTION,
    parameters: PatchStateParameters,
    async execute(toolCallId, params, _signal, _onUpdate, ctx) {
      return renderOutcome(await runPatchState(runtime, params, ctx, toolCallId));
    },
  });
  pi.registerTool({
    name: "read_state",
    label: "Read State",
    description: READ_STATE_DESCRIPTION,
    parameters: ReadStateParameters,
    async execute(_toolCallId, params, _signal, _onUpdate, ctx) {
      return renderOutcome(await runReadState(runtime, params, ctx));
    },
  });

  pi.registerCommand("state", {
    description: "PowerContext state: status, mode <active|passive|off>, promote <scope>.<plane>.<key> [kind]",
    handler: async (args, ctx) => {
      const outcome = await runStateCommand(deps, args, ctx);
      const text = JSON.stringify(outcome);
      if (ctx.hasUI) ctx.ui.notify(text, outcome.ok ? "info" : "error");
      else process.stderr.write(`${text}\n`);
    },
  });
}
