// Where recall goes in the model's window. Pi 0.86 and later build the system prompt from named sections and, when an
// extension changes one, append a system message that patches only that section, so the prompt already sent (and the
// provider's cached prefix) stays as it was. Older hosts only let an extension replace the whole system prompt, which
// changes the prompt's bytes whenever recall changes. `auto` picks the best of these the host offers.
import { isObject } from "./client.ts";

export const RECALL_PLACEMENT_SETTINGS = ["auto", "system-prompt", "section", "message"] as const;
export type RecallPlacementSetting = (typeof RECALL_PLACEMENT_SETTINGS)[number];
export type RecallPlacement = Exclude<RecallPlacementSetting, "auto">;

/**
 * What a section or message carries when recall changed: only the items the window does not hold yet, or the whole
 * block again. The default is chosen by measurement (docs/benchmarks.md, "Recall and the prompt cache").
 */
export const RECALL_RESEND_SETTINGS = ["new-items", "whole-block"] as const;
export type RecallResend = (typeof RECALL_RESEND_SETTINGS)[number];

/** The tag of the PowerContext prompt section (Pi wraps it as `<powercontext>…</powercontext>`). */
export const RECALL_SECTION = "powercontext";
/** The custom message type of recall delivered as a message. */
export const RECALL_MESSAGE_TYPE = "powercontext-recall";

export interface PlacementDecision {
  placement: RecallPlacement;
  setting: RecallPlacementSetting;
  /** One sentence for `/pc`: why this placement is in force. */
  reason: string;
}

/** Whether the run's model accepts system messages mid-conversation (its `compat` says so). */
export function acceptsMidConversationSystem(model: unknown): boolean {
  return isObject(model) && isObject(model.compat) && model.compat.supportsMidConvoSystemMessages === true;
}

/**
 * The host's mutable prompt sections (Pi 0.86 and later), or null when the host has none in effect: a prompt another
 * extension replaced (`forceSystemPrompt`, set when its before_agent_start returned a systemPrompt) is sent as it
 * is, so a section would be lost and recall is appended to that text instead.
 */
export function promptSections(systemPromptOptions: unknown): Record<string, unknown> | null {
  if (!isObject(systemPromptOptions)) return null;
  const { sections, forceSystemPrompt } = systemPromptOptions;
  if (forceSystemPrompt !== undefined) return null;
  return isObject(sections) ? sections : null;
}

const WITHOUT_SECTIONS =
  "the host has no prompt sections in effect (Pi before 0.86, or a prompt another extension replaced), so recall is appended to the system prompt as the seed " +
  "describes; the prompt changes whenever recall does (set message for a placement that keeps the cached prefix)";

/** Picks the placement of one run from the setting and whether the host has prompt sections. */
export function decidePlacement(setting: RecallPlacementSetting, hostHasSections: boolean): PlacementDecision {
  if (setting === "system-prompt" || setting === "message")
    return { placement: setting, setting, reason: "set by POWERCONTEXT_PI_RECALL_PLACEMENT" };
  if (hostHasSections)
    return {
      placement: "section",
      setting,
      reason:
        "the host has prompt sections: recall is the powercontext section, and Pi sends only a changed section " +
        "as a system message, so earlier requests stay an exact prefix",
    };
  const reason = setting === "section" ? `section was asked, but ${WITHOUT_SECTIONS}` : WITHOUT_SECTIONS;
  return { placement: "system-prompt", setting, reason };
}
