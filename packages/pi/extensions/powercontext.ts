// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { activate } from "../src/activate.ts";
import { runPcCommand } from "../src/commands/pc.ts";
import { failOpen } from "../src/fail-open.ts";
import { beforeAgentStart } from "../src/hooks/before-agent-start.ts";
import { awaitPendingFlush, startPendingFlush } from "../src/hooks/lifecycle.ts";
import { stderrLogger } from "../src/host.ts";
import { TOOLS } from "../src/tools/catalog.ts";
import { renderToolOutcome } from "../src/tools/outcome.ts";
import { runTool } from "../src/tools/run-tool.ts";
import { PARAMETERS } from "../src/tools/schemas.ts";

export default function powercontext(pi: ExtensionAPI): void {
  const log = stderrLogger;
  const runtime = activate(process.env, log);
  if (runtime === null) return;

  pi.on(
    "before_agent_start",
    failOpen(log, "before_agent_start", (event, ctx) => beforeAgentStart(runtime, event, ctx)),
  );
  pi.on(
    "agent_end",
    failOpen(log, "agent_end", () => startPendingFlush(runtime)),
  );
  pi.on(
    "session_before_compact",
    failOpen(log, "session_before_compact", async (event) => {
      await awaitPendingFlush(runtime, event.signal);
    }),
  );
  pi.on(
    "session_before_switch",
    failOpen(log, "session_before_switch", async () => {
      await awaitPendingFlush(runtime);
    }),
  );
  pi.on(
    "session_shutdown",
    failOpen(log, "session_shutdown", async () => {
      await awaitPendingFlush(runtime);
    }),
  );

  for (const spec of TOOLS) {
    pi.registerTool({
      name: spec.name,
      label: spec.label,
      description: spec.description,
      parameters: PARAMETERS[spec.name],
      async execute(_toolCallId, params, signal, _onUpdate, ctx) {
        return renderToolOutcome(await runTool(runtime, spec, params, ctx, signal));
      },
    });
  }

  pi.registerCommand("pc", {
    description: "PowerContext: status, doctor, search <query>, remember <text>, flush, stats",
    handler: async (args, ctx) => {
      const result = await runPcCommand(runtime, args, ctx);
      if (ctx.hasUI) ctx.ui.notify(result.text, result.ok ? "info" : "error");
      else process.stderr.write(`${result.text}\n`);
    },
  });
}
