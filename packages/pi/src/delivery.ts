// Puts one run's recall where the placement says, sending nothing the window already holds.
import type { RecallPlacement } from "./placement.ts";
import { RECALL_MESSAGE_TYPE, RECALL_SECTION } from "./placement.ts";
import { appendRecall, recallBlock } from "./recall.ts";
import { heldMessage, heldSection } from "./recall-window.ts";

export interface RecallMessage {
  customType: string;
  content: string;
  /** Hidden in Pi's UI: it is evidence for the model, not part of the conversation the person reads. */
  display: false;
}

/** What before_agent_start returns to Pi: a replaced system prompt, a message, or nothing. */
export type RecallDelivery = { systemPrompt: string } | { message: RecallMessage } | undefined;

export interface HostPrompt {
  /** The chained system prompt of this run. */
  systemPrompt: string;
  /** The host's mutable prompt sections (present whenever the placement is `section`). */
  sections: Record<string, unknown> | null;
  /** The session branch, to read what the window already holds. */
  branch: readonly unknown[];
}

/**
 * Delivers `content` (null when nothing ready was recalled):
 * - system-prompt: the seed's placement, the block appended to the end of the system prompt;
 * - section: the block becomes the powercontext section; Pi patches it only when its text changed, and an absent
 *   section (nothing recalled) is removed by Pi;
 * - message: a hidden custom message after the prompt, skipped when the last one in the window says the same.
 */
export function deliverRecall(placement: RecallPlacement, content: string | null, host: HostPrompt): RecallDelivery {
  if (placement === "system-prompt")
    return content === null ? undefined : { systemPrompt: appendRecall(host.systemPrompt, content) };
  if (placement === "section") {
    setRecallSection(host.sections, content === null ? null : recallBlock(content));
    return undefined;
  }
  if (content === null) return undefined;
  const block = recallBlock(content);
  if (heldMessage(host.branch) === block) return undefined;
  return { message: { customType: RECALL_MESSAGE_TYPE, content: block, display: false } };
}

/** A run that recalls nothing new (one started by a custom message) keeps the section the window holds. */
export function keepHeldSection(sections: Record<string, unknown> | null, branch: readonly unknown[]): void {
  setRecallSection(sections, heldSection(branch));
}

function setRecallSection(sections: Record<string, unknown> | null, block: string | null): void {
  if (sections === null) return;
  if (block === null) delete sections[RECALL_SECTION];
  else sections[RECALL_SECTION] = block;
}
