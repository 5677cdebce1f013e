// What recall the model's window already holds, read from the session branch, so a run re-sends nothing the window
// has. It is read from the branch rather than kept in memory because the extension is reloaded on a new or resumed
// session, and the branch is what Pi itself replays into the next request.
import { isObject } from "./client.ts";
import { RECALL_MESSAGE_TYPE, RECALL_SECTION } from "./placement.ts";

const OPEN = `<${RECALL_SECTION}>\n`;
const CLOSE = `\n</${RECALL_SECTION}>`;

/** The section text as the extension set it: Pi stores it wrapped in its tag. */
function unwrapSection(stored: string): string {
  return stored.startsWith(OPEN) && stored.endsWith(CLOSE) ? stored.slice(OPEN.length, -CLOSE.length) : stored;
}

function sectionPatch(message: unknown): { found: boolean; text: string | null } {
  if (!isObject(message) || message.role !== "system" || !isObject(message.sections))
    return { found: false, text: null };
  if (!Object.hasOwn(message.sections, RECALL_SECTION)) return { found: false, text: null };
  const value = message.sections[RECALL_SECTION];
  return { found: true, text: typeof value === "string" ? unwrapSection(value) : null };
}

/**
 * The powercontext section the model currently has, or null. System messages patch sections in order; a compaction
 * entry carries the complete prompt state at its boundary, so it replaces what came before.
 */
export function heldSection(branch: readonly unknown[]): string | null {
  let held: string | null = null;
  for (const entry of branch) {
    if (!isObject(entry)) continue;
    if (entry.type === "compaction" && isObject(entry.systemMessage)) {
      const patch = sectionPatch(entry.systemMessage);
      held = patch.found ? patch.text : null;
      continue;
    }
    if (entry.type !== "message") continue;
    const patch = sectionPatch(entry.message);
    if (patch.found) held = patch.text;
  }
  return held;
}

/**
 * The text of the last recall message still in the window, or null. A compaction summarizes what came before it,
 * so after one the recall is sent again rather than assumed present.
 */
export function heldMessage(branch: readonly unknown[]): string | null {
  let held: string | null = null;
  for (const entry of branch) {
    if (!isObject(entry)) continue;
    if (entry.type === "compaction") held = null;
    else if (entry.type === "custom_message" && entry.customType === RECALL_MESSAGE_TYPE)
      held = typeof entry.content === "string" ? entry.content : null;
  }
  return held;
}
