// Pi 0.87 and later rebuild the system messages whenever a `context` handler changes the conversation: the prompt and
// every later system message (a prompt-section patch, such as powercontext-pi's recall) are replayed into one leading
// message, and the patches are dropped. Once fold projects a brief, that would rewrite the head of every request whose
// sections changed (a cache miss for a model that keeps patches in place) and would leave a section sent as several
// patches holding only its last value. System messages are prompt state, not conversation, so fold never folds them:
// it puts each back where the transcript has it, after the projected message that holds the entry before it (the
// brief, when that entry is folded). They then move only when a commit moves that message.
import { entryKey, type EntryLike } from "./items.ts";
import type { Message } from "./types.ts";

/** A system message of the transcript and the id of the last paired entry before it (null: before every one). */
export interface PlacedSystemMessage {
  message: Message;
  after: string | null;
}

/** The system messages of the context entries, in transcript order (a compaction's prompt state included). */
export function systemMessagesOf(entries: readonly EntryLike[]): PlacedSystemMessage[] {
  const placed: PlacedSystemMessage[] = [];
  let after: string | null = null;
  for (const entry of entries) {
    const system = entry.type === "compaction" ? entry.systemMessage : entry.message;
    if (isSystem(system) && (entry.type === "compaction" || entry.type === "message"))
      placed.push({ message: system.content == null ? { ...system, content: "" } : system, after });
    if (entryKey(entry) !== null) after = entry.id;
  }
  return placed;
}

const isSystem = (message: unknown): message is Message =>
  typeof message === "object" && message !== null && (message as Message).role === "system";

/**
 * The projected conversation led by the transcript's own first system message, with every later one put back after
 * the projected message at `positionOf(after)`. Null when the transcript has no later system message (Pi's head is
 * then the prompt as it is) or when one cannot be placed (Pi's rebuilt head is kept).
 */
export function withSystemMessages(
  conversation: readonly Message[],
  placed: readonly PlacedSystemMessage[],
  positionOf: (entryId: string) => number | null,
): Message[] | null {
  const [head, ...later] = placed;
  if (head === undefined || head.after !== null || later.length === 0) return null;
  const atPosition = new Map<number, Message[]>();
  for (const { message, after } of later) {
    const position = after === null ? -1 : positionOf(after);
    if (position === null) return null;
    atPosition.set(position, [...(atPosition.get(position) ?? []), message]);
  }
  const messages = [head.message, ...(atPosition.get(-1) ?? [])];
  for (const [position, message] of conversation.entries()) messages.push(message, ...(atPosition.get(position) ?? []));
  return messages;
}
