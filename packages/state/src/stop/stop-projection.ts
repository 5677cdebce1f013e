// The state section while stopped and in the one migration run after a restart. Stopped, the section shows the frozen
// handoff (the effective state at Stop) read-only, whatever the store holds now. The migration run shows the active
// section (the current state, the tools back) followed by that handoff, so the model can carry into the state what
// was decided after Stop. Every other run uses the ordinary section. The text holds no time: it stays byte-stable.
import { canonicalJson } from "@powercontext/protocol";
import type { Mode } from "../modes.ts";
import { projectionBody } from "../projection.ts";
import type { ScopeState } from "../types.ts";
import type { StopPhase } from "./stop-marker.ts";

export const STOPPED_GUIDE =
  "powercontext-state was stopped in this session: the state tools are off. This is the effective state as it was " +
  "at Stop (a frozen handoff, read-only); the conversation since then is in the messages.";
export const HANDOFF_GUIDE =
  "Handoff from Stop: the state was stopped and has just been restarted. The effective state as it was at Stop is " +
  "below and the conversation since Stop is in the messages; bring anything decided since Stop into the state with " +
  "patch_state.";

/**
 * The section's text for this phase and mode, or null when nothing is projected. `finalRequired`: turn resolution is
 * on, and the active guide says how a run closes.
 */
export function stopAwareBody(
  phase: StopPhase,
  mode: Mode,
  effective: ScopeState,
  finalRequired = false,
): string | null {
  if (phase.kind === "stopped" && mode === "passive")
    return `mode: passive\n${STOPPED_GUIDE}\n${canonicalJson(phase.marker.state)}`;
  const body = projectionBody(mode, effective, finalRequired);
  if (phase.kind !== "migration" || mode !== "active" || body === null) return body;
  return `${body}\n${HANDOFF_GUIDE}\n${canonicalJson(phase.marker.state)}`;
}
