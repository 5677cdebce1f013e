// Puts one run's recall where the placement says, sending nothing the window already holds.
import type { RecallPlacement, RecallResend } from "./placement.ts";
import { RECALL_MESSAGE_TYPE, RECALL_SECTION } from "./placement.ts";
import { appendRecall, recallBlock } from "./recall.ts";
import { itemKeys, recallItems, withoutHeld } from "./recall-items.ts";
import { heldSection, recallMessages, sectionHistory } from "./recall-window.ts";

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
  resend: RecallResend;
  /**
   * Whether the model keeps section patches in place (it accepts system messages mid-conversation). Otherwise Pi
   * rebuilds the head from the current sections, and only the section in force is in the window.
   */
  midConversation: boolean;
}

/**
 * Delivers `content` (null when nothing ready was recalled):
 * - system-prompt: the seed's placement, the block appended to the end of the system prompt;
 * - section: the block becomes the powercontext section; Pi patches it only when its text changed;
 * - message: a hidden custom message after the prompt.
 * With `new-items`, a section or message carries only the items the window does not hold yet, and nothing when it
 * holds them all; with `whole-block`, the whole block goes again whenever it differs from the one in force.
 */
export function deliverRecall(placement: RecallPlacement, content: string | null, host: HostPrompt): RecallDelivery {
  if (placement === "system-prompt")
    return content === null ? undefined : { systemPrompt: appendRecall(host.systemPrompt, content) };
  if (placement === "section") {
    setRecallSection(host.sections, sectionText(content, host));
    return undefined;
  }
  const text = messageText(content, host);
  return text === null ? undefined : { message: { customType: RECALL_MESSAGE_TYPE, content: text, display: false } };
}

function sectionText(content: string | null, host: HostPrompt): string | null {
  const held = heldSection(host.branch);
  if (content === null) return host.resend === "new-items" && host.midConversation ? held : null;
  const whole = recallBlock(content);
  if (host.resend === "whole-block" || recallItems(content) === null) return whole;
  if (!host.midConversation) {
    // Only the section in force is in the window: keep it when it already holds every item, else replace it whole.
    return withoutHeld(content, itemKeys(held === null ? [] : [held])) === null ? held : whole;
  }
  const history = sectionHistory(host.branch).filter((text): text is string => text !== null);
  const fresh = withoutHeld(content, itemKeys(history));
  return fresh === null ? held : recallBlock(fresh);
}

function messageText(content: string | null, host: HostPrompt): string | null {
  if (content === null) return null;
  const held = recallMessages(host.branch);
  const whole = recallBlock(content);
  if (host.resend === "whole-block" || recallItems(content) === null) return held.at(-1) === whole ? null : whole;
  const fresh = withoutHeld(content, itemKeys(held));
  return fresh === null ? null : recallBlock(fresh);
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
