// The hooks Stop needs, each fail-open: the phase follows the selected branch (session start, /tree), the run Stop
// would interrupt is tracked (message_end, agent_end, agent_settled), and the `context` event gives the model the
// post-stop view of the conversation while stopped and after a restart.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { type FailOpenReporting, failOpen } from "@powercontext/pi-kit";
import type { StateRuntime } from "../runtime.ts";
import { postStopContext } from "./post-stop-context.ts";

export function registerStopHooks(pi: ExtensionAPI, runtime: StateRuntime, reporting: FailOpenReporting): void {
  const { stops } = runtime;
  pi.on(
    "session_start",
    failOpen(reporting, "session_start", (_event, ctx) => stops.select(ctx)),
  );
  // /tree keeps the session but changes the branch: its mode and Stop phase are read from the new branch.
  pi.on(
    "session_tree",
    failOpen(reporting, "session_tree", async (_event, ctx) => {
      await runtime.start(ctx, { reason: "tree" });
      stops.select(ctx);
    }),
  );
  pi.on("message_end", (event) => stops.anchor.observe(event.message));
  pi.on("agent_end", (event) => stops.anchor.ended(event.messages));
  pi.on("agent_settled", () => stops.anchor.settled());
  pi.on(
    "context",
    failOpen(reporting, "context", (event) => {
      const phase = stops.phase();
      if (phase.kind === "none") return undefined;
      const messages = postStopContext(event.messages, phase.marker);
      return messages === null ? undefined : { messages };
    }),
  );
}
