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
 * Every value the powercontext section took in the window, oldest first; the last is the one in force (null when
 * removed). A compaction entry carries the complete prompt state at its boundary, and the system messages before it
 * leave the window, so it starts the list again.
 */
export function sectionHistory(branch: readonly unknown[]): (string | null)[] {
  let history: (string | null)[] = [];
  for (const entry of branch) {
    if (!isObject(entry)) continue;
    if (entry.type === "compaction" && isObject(entry.systemMessage)) {
      const patch = sectionPatch(entry.systemMessage);
      history = patch.found ? [patch.text] : [];
      continue;
    }
    if (entry.type !== "message") continue;
    const patch = sectionPatch(entry.message);
    if (patch.found) history.push(patch.text);
  }
  return history;
}

/** The powercontext section the model currently has, or null. */
export function heldSection(branch: readonly unknown[]): string | null {
  return sectionHistory(branch).at(-1) ?? null;
}

/**
 * The recall messages still in the window, oldest first. A compaction summarizes what came before it, so after one
 * the recall is sent again rather than assumed present.
 */
export function recallMessages(branch: readonly unknown[]): string[] {
  let held: string[] = [];
  for (const entry of branch) {
    if (!isObject(entry)) continue;
    if (entry.type === "compaction") held = [];
    else if (
      entry.type === "custom_message" &&
      entry.customType === RECALL_MESSAGE_TYPE &&
      typeof entry.content === "string"
    )
      held.push(entry.content);
  }
  return held;
}

/** The text of the last recall message still in the window, or null. */
export function heldMessage(branch: readonly unknown[]): string | null {
  return recallMessages(branch).at(-1) ?? null;
}
