// `session_before_fork`: a fork is refused when the session state of its point can no longer be rebuilt.
import type { HostContext } from "../host.ts";
import type { StateRuntime } from "../runtime.ts";

export async function guardFork(
  runtime: StateRuntime,
  event: { entryId: string; position: "before" | "at" },
  ctx: HostContext,
): Promise<{ cancel: true } | undefined> {
  const refusal = await runtime.checkFork(ctx, event.entryId, event.position);
  if (refusal === null) return undefined;
  if (ctx.hasUI) ctx.ui.notify(refusal, "error");
  return { cancel: true };
}
