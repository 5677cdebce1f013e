// Hook bodies: the byte-stable projection at before_agent_start, and the turn's settlement at agent_end.
import { promptSections } from "powercontext-pi";
import type { HostContext } from "../host.ts";
import { appendProjection, sectionOf, setProjectionSection } from "../projection.ts";
import type { StateRuntime } from "../runtime.ts";
import { stopAwareBody } from "../stop/stop-projection.ts";
import { startResolution } from "../turn-resolution.ts";
import { effectiveOf } from "../tools/patch-state.ts";

export interface BeforeAgentStartInput {
  /** The chained system prompt of this run. */
  systemPrompt: string;
  /** Pi's structured prompt options; their `sections` exist on Pi 0.86 and later. */
  systemPromptOptions?: unknown;
}

/**
 * Re-reads the store (the run's basis) and projects the state: as the `powercontext_state` prompt section where the
 * host has sections in effect (undefined is returned, the prompt is not replaced), else appended to the returned
 * system prompt. Undefined with no section leaves the prompt as it is.
 */
export async function beforeAgentStart(
  runtime: StateRuntime,
  event: BeforeAgentStartInput,
  ctx: HostContext,
): Promise<{ systemPrompt: string } | undefined> {
  const session = await runtime.session(ctx);
  // Each user run starts terminal-ineligible (a follow-up inside the run does not pass through here).
  session.resolution = startResolution();
  // The Stop phase (stopped, the migration run, or neither) is read from the branch once per run.
  const phase = runtime.stops.beginRun(ctx);
  runtime.applyTools(session.mode);
  if (session.mode === "off") return undefined;
  await runtime.refresh(ctx);
  const body = stopAwareBody(phase, session.mode, effectiveOf(session.view), runtime.config.turnResolution);
  const sections = promptSections(event.systemPromptOptions);
  if (sections !== null) {
    setProjectionSection(sections, body);
    return undefined;
  }
  return { systemPrompt: appendProjection(event.systemPrompt, sectionOf(body)) };
}

/**
 * Records the run's accepted transitions on the session (each was already committed to Git as its own cohort) and,
 * with a remote set, queues the newest commit and pushes it in the background (never awaited, never rolls back).
 */
export async function agentEnd(runtime: StateRuntime, ctx: HostContext): Promise<void> {
  const accepted = await runtime.settle(ctx);
  if (accepted.length > 0) runtime.git?.publish();
}
