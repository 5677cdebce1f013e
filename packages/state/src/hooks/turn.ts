// Hook bodies: the byte-stable projection at before_agent_start, and the turn's settlement at agent_end.
import { commitBackup } from "../git-backup.ts";
import type { HostContext } from "../host.ts";
import { appendProjection, buildProjection } from "../projection.ts";
import type { StateRuntime } from "../runtime.ts";
import { startResolution } from "../turn-resolution.ts";
import { effectiveOf } from "../tools/patch-state.ts";

/** Re-reads the store (the run's basis) and appends the projection section; undefined leaves the prompt as it is. */
export async function beforeAgentStart(
  runtime: StateRuntime,
  systemPrompt: string,
  ctx: HostContext,
): Promise<{ systemPrompt: string } | undefined> {
  const session = await runtime.session(ctx);
  // Each user run starts terminal-ineligible (a follow-up inside the run does not pass through here).
  session.resolution = startResolution();
  runtime.applyTools(session.mode);
  if (session.mode === "off") return undefined;
  await runtime.refresh(ctx);
  const section = buildProjection(session.mode, effectiveOf(session.view));
  return { systemPrompt: appendProjection(systemPrompt, section) };
}

/** Records the run's accepted transitions on the session and, when enabled, commits the store to Git. */
export async function agentEnd(runtime: StateRuntime, ctx: HostContext): Promise<void> {
  const accepted = await runtime.settle(ctx);
  if (accepted.length === 0 || !runtime.config.gitBackup) return;
  const outcome = await runtime.store.locked(() =>
    commitBackup(runtime.config.root, `powercontext-state: ${accepted.map((item) => item.transition).join(" ")}`),
  );
  if (outcome !== "committed") runtime.log("git_backup.skipped", { outcome });
}
