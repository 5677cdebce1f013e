// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { type FailOpenReporting, failOpen } from "@powercontext/pi-kit";
import { activateState } from "../src/activate.ts";
import { openDiagnostics } from "../src/diagnostics.ts";
import { registerToolsAndCommand } from "../src/register-tools.ts";
import { registerCompaction } from "../src/compaction/hooks.ts";
import { describeStateError } from "../src/errors.ts";
import { guardFork } from "../src/hooks/fork.ts";
import { turnEnd, turnHostOf, withoutSettledFallbacks } from "../src/hooks/resolve-turn.ts";
import { agentEnd, beforeAgentStart } from "../src/hooks/turn.ts";
import { registerKnowledge } from "../src/knowledge/register.ts";
import { registerStopHooks } from "../src/stop/register-stop.ts";
import type { StateRuntime, StoreSeams } from "../src/runtime.ts";
import { blockBarredCall } from "../src/tools/patch-state.ts";

export default function powercontextState(pi: ExtensionAPI): void {
  registerState(pi);
}

/** Registers powercontext-state; `seams` are for tests only (the real entry passes none). */
export function registerState(pi: ExtensionAPI, seams: StoreSeams = {}): void {
  const { log, attach } = openDiagnostics(process.env);
  pi.on("session_start", (_event, ctx) => attach(ctx));
  const deps = activateState(pi, process.env, log, seams);
  if (deps === null) return;
  const reporting = { log, describe: describeStateError };
  // Knowledge before the state's hooks: a knowledge removal is then already in the state projected for the same run.
  for (const register of [registerKnowledge, registerHooks, registerStopHooks, registerCompaction])
    register(pi, deps.runtime, reporting);
  registerToolsAndCommand(pi, deps, attach);
}

/** The lifecycle, turn and context hooks, each fail-open. */
function registerHooks(pi: ExtensionAPI, runtime: StateRuntime, reporting: FailOpenReporting): void {
  pi.on(
    "session_start",
    failOpen(reporting, "session_start", async (event, ctx) => void (await runtime.start(ctx, event))),
  );
  pi.on(
    "session_before_fork",
    failOpen(reporting, "session_before_fork", (event, ctx) => guardFork(runtime, event, ctx)),
  );
  pi.on(
    "before_agent_start",
    failOpen(reporting, "before_agent_start", (event, ctx) => beforeAgentStart(runtime, event, ctx)),
  );
  pi.on(
    "message_end",
    failOpen(reporting, "message_end", (event) => runtime.batches.record(event.message)),
  );
  pi.on(
    "tool_call",
    failOpen(reporting, "tool_call", (event, ctx) => blockBarredCall(runtime, ctx, event.toolCallId)),
  );
  const turnHost = turnHostOf(pi);
  pi.on(
    "turn_end",
    failOpen(reporting, "turn_end", (event, ctx) => turnEnd(runtime, turnHost, event.message, ctx)),
  );
  pi.on(
    "context",
    failOpen(reporting, "context", (event) => {
      const messages = withoutSettledFallbacks(event.messages);
      return messages === null ? undefined : { messages };
    }),
  );
  pi.on(
    "agent_end",
    failOpen(reporting, "agent_end", (_event, ctx) => agentEnd(runtime, ctx)),
  );
  pi.on(
    "session_shutdown",
    failOpen(reporting, "session_shutdown", () => runtime.git?.close()),
  );
}
