// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { failOpen, notifyOrStderr, renderToolResult } from "@powercontext/pi-kit";
import { activate } from "../src/activate.ts";
import { openDiagnostics } from "../src/diagnostics.ts";
import { runPcCommand } from "../src/commands/pc.ts";
import { describeError } from "../src/errors.ts";
import { beforeAgentStart } from "../src/hooks/before-agent-start.ts";
import { showIndicator } from "../src/indicator.ts";
import { awaitPendingFlush, startPendingFlush } from "../src/hooks/lifecycle.ts";
import { TOOLS } from "../src/tools/catalog.ts";
import type { TestSeams } from "../src/runtime.ts";
import { runTool } from "../src/tools/run-tool.ts";
import { PARAMETERS } from "../src/tools/schemas.ts";

export default function powercontext(pi: ExtensionAPI): void {
  registerPowerContext(pi);
}

/** Registers powercontext-pi; `seams` are for tests only (the real entry passes none). */
export function registerPowerContext(pi: ExtensionAPI, seams: TestSeams = {}): void {
  const { log, attach } = openDiagnostics(process.env);
  pi.on("session_start", (_event, ctx) => attach(ctx));
  const runtime = activate(process.env, log, seams);
  if (runtime === null) return;
  const reporting = { log, describe: describeError };

  pi.on("session_start", (_event, ctx) => showIndicator(runtime, ctx));
  pi.on(
    "before_agent_start",
    failOpen(reporting, "before_agent_start", async (event, ctx) => {
      attach(ctx);
      const delivery = await beforeAgentStart(runtime, event, ctx);
      showIndicator(runtime, ctx);
      return delivery;
    }),
  );
  pi.on(
    "agent_end",
    failOpen(reporting, "agent_end", () => startPendingFlush(runtime)),
  );
  pi.on(
    "session_before_compact",
    failOpen(reporting, "session_before_compact", async (event) => {
      await awaitPendingFlush(runtime, event.signal);
    }),
  );
  const awaitFlush = async () => void (await awaitPendingFlush(runtime));
  pi.on("session_before_switch", failOpen(reporting, "session_before_switch", awaitFlush));
  pi.on("session_shutdown", failOpen(reporting, "session_shutdown", awaitFlush));

  for (const spec of TOOLS) {
    pi.registerTool({
      name: spec.name,
      label: spec.label,
      description: spec.description,
      parameters: PARAMETERS[spec.name],
      async execute(_toolCallId, params, signal, _onUpdate, ctx) {
        return renderToolResult(await runTool(runtime, spec, params, ctx, signal));
      },
    });
  }

  pi.registerCommand("pc", {
    description: "PowerContext: status, doctor, search <query>, remember <text>, flush, stats [--json]",
    handler: async (args, ctx) => {
      attach(ctx);
      const result = await runPcCommand(runtime, args, ctx);
      showIndicator(runtime, ctx);
      notifyOrStderr(ctx, result.text, result.level);
    },
  });
}
