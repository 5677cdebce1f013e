// `/state stop` and `/state start`, the seed's Stop and Start. Stop works mid-run (Pi runs extension commands at once,
// even while the agent streams): the state tools leave the next request of the run and a patch_state already issued
// is refused (`state_inactive`); the prompt already sent for this run stays as it is. Start is `mode active`; when it
// follows a Stop, the next run is the migration run (stop-projection.ts).
import type { HostContext } from "../host.ts";
import { failure, type Outcome } from "../outcome.ts";
import type { StateRuntime } from "../runtime.ts";
import { effectiveOf } from "../tools/patch-state.ts";

export async function stopState(runtime: StateRuntime, ctx: HostContext): Promise<Outcome> {
  const session = await runtime.session(ctx);
  if (session.mode !== "active")
    return failure("invalid_request", `powercontext-state is not active here (mode ${session.mode}); nothing to stop.`);
  const view = (await runtime.refresh(ctx)).view;
  const marker = runtime.stops.stop(ctx, effectiveOf(view));
  session.mode = "passive";
  runtime.applyTools("passive");
  return { ok: true, mode: "passive", stopped: true, interrupted_run: marker.from !== undefined };
}

export async function startState(runtime: StateRuntime, ctx: HostContext): Promise<Outcome> {
  const wasStopped = runtime.stops.phase().kind === "stopped";
  await runtime.setMode(ctx, "active");
  runtime.stops.select(ctx);
  return { ok: true, mode: "active", migration: wasStopped };
}

/** The line a person reads after Stop or Start. */
export function formatStopStart(outcome: Readonly<Record<string, unknown>>): string {
  if (outcome.stopped === true)
    return outcome.interrupted_run === true
      ? "Stopped: the state tools are off; the model keeps the interrupted run and a frozen copy of the state."
      : "Stopped: the state tools are off; the model keeps a frozen copy of the state and what follows.";
  return outcome.migration === true
    ? "Started: the next run also sees the state as it was at Stop and the conversation since."
    : "Started: the model sees the state and changes it with patch_state.";
}
