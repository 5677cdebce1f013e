// The model-visible projection: one byte-stable section of the system prompt, built at before_agent_start.
// Its bytes depend only on the mode and the effective state (canonical JSON), never on time or order of writes.
// On Pi 0.86 and later it is the `powercontext_state` prompt section, so Pi patches only this section when the state
// changes and the prompt already sent (the provider's cached prefix) stays as it was; on older hosts, or when another
// extension replaced the whole prompt, the same block (rendered as Pi renders a section) is put into the prompt text.
import { canonicalJson } from "@powercontext/protocol";
import { CONTEXT_LABEL, RECALL_SECTION } from "powercontext-pi";
import type { Mode } from "./modes.ts";
import type { ScopeState } from "./types.ts";

/** The tag of the state section (Pi wraps a section's text as `<powercontext_state>…</powercontext_state>`). */
export const PROJECTION_SECTION = "powercontext_state";
export const PROJECTION_OPEN = `<${PROJECTION_SECTION}>`;
export const PROJECTION_CLOSE = `</${PROJECTION_SECTION}>`;

const ACTIVE_GUIDE =
  "Durable semantic state, overlaid global → cwd → session (objects merge, arrays and primitives replace). " +
  "It is assistant-authored and fallible. Change it only with patch_state, alone in its response; its result is " +
  "the receipt of the change. read_state returns earlier boundaries (offset 0–7).";
const PASSIVE_GUIDE = "Durable semantic state (read-only in this session; the state tools are off).";
/** Added to the active guide with turn resolution on, so the model closes runs without fallback turns. */
export const FINAL_GUIDE =
  ' Before your final answer, call patch_state with "final": true (alone, with any change the run decided); ' +
  "an answer before it is kept, and you are asked for the final patch.";

/** The section's text (without its tags), or null when the mode projects nothing. */
export function projectionBody(mode: Mode, effective: ScopeState, finalRequired = false): string | null {
  if (mode === "off") return null;
  const guide = mode === "active" ? ACTIVE_GUIDE + (finalRequired ? FINAL_GUIDE : "") : PASSIVE_GUIDE;
  return `mode: ${mode}\n${guide}\n${canonicalJson(effective)}`;
}

/** The section as it reads in the system prompt (Pi's section rendering), or null when the mode projects nothing. */
export function buildProjection(mode: Mode, effective: ScopeState): string | null {
  return sectionOf(projectionBody(mode, effective));
}

/** A section body as it reads in the system prompt (Pi's section rendering), or null for none. */
export function sectionOf(body: string | null): string | null {
  return body === null ? null : `${PROJECTION_OPEN}\n${body}\n${PROJECTION_CLOSE}`;
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

/**
 * Sets (or, for null, removes) the state section in the host's prompt sections. Pi renders sections in insertion
 * order, so a recall section set earlier in this run is moved after it: recall stays last whichever extension ran
 * first. Moving a key changes no text, so Pi's section diff (by name) sees no change in recall.
 */
export function setProjectionSection(sections: Record<string, unknown>, body: string | null): void {
  if (body === null) delete sections[PROJECTION_SECTION];
  else sections[PROJECTION_SECTION] = body;
  if (!(RECALL_SECTION in sections)) return;
  const recall = sections[RECALL_SECTION];
  delete sections[RECALL_SECTION];
  sections[RECALL_SECTION] = recall;
}
