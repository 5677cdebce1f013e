// The model-visible projection: one byte-stable section appended to the system prompt at before_agent_start.
// Its bytes depend only on the mode and the effective state (canonical JSON), never on time or order of writes.
import { canonicalJson } from "@powercontext/protocol";
import { CONTEXT_LABEL, RECALL_SECTION } from "powercontext-pi";
import type { Mode } from "./modes.ts";
import type { ScopeState } from "./types.ts";

export const PROJECTION_OPEN = "<powercontext_state";
export const PROJECTION_CLOSE = "</powercontext_state>";

const ACTIVE_GUIDE =
  "Durable semantic state, overlaid global → cwd → session (objects merge, arrays and primitives replace). " +
  "It is assistant-authored and fallible. Change it only with patch_state, alone in its response; its result is " +
  "the receipt of the change. read_state returns earlier boundaries (offset 0–7).";
const PASSIVE_GUIDE = "Durable semantic state (read-only in this session; the state tools are off).";

/** Returns the section, or null when the mode projects nothing. */
export function buildProjection(mode: Mode, effective: ScopeState): string | null {
  if (mode === "off") return null;
  const guide = mode === "active" ? ACTIVE_GUIDE : PASSIVE_GUIDE;
  return `${PROJECTION_OPEN} mode="${mode}">\n${guide}\n${canonicalJson(effective)}\n${PROJECTION_CLOSE}`;
}

/**
 * Where powercontext-pi's recall block starts in a system prompt (the labelled block it appends, or its prompt
 * section as Pi renders it), or null. The order is fixed whatever order the extensions load in: Pi's prompt, then
 * this section, then recall, which ends the prompt (docs/pi.md).
 */
export function recallStart(systemPrompt: string): number | null {
  let start: number | null = null;
  for (const marker of [`\n${CONTEXT_LABEL}\n`, `\n<${RECALL_SECTION}>\n`]) {
    const at = systemPrompt.lastIndexOf(marker);
    if (at >= 0 && (start === null || at + 1 < start)) start = at + 1;
  }
  return start;
}

/**
 * The system prompt with the section added: before the recall block when the prompt holds one, else at its end.
 * The prompt is unchanged when there is no section.
 */
export function appendProjection(systemPrompt: string, section: string | null): string {
  if (section === null) return systemPrompt;
  const start = recallStart(systemPrompt);
  if (start === null) return `${systemPrompt}\n\n${section}`;
  return `${systemPrompt.slice(0, start)}${section}\n\n${systemPrompt.slice(start)}`;
}
