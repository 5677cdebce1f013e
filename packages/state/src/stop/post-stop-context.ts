// What the model sees of the conversation once the state was stopped (the `context` event): the interrupted run's
// trajectory (from its first user message) and everything after Stop. Completed conversation before that anchor
// leaves the context; Pi's trace keeps it. Custom messages of other extensions survive wherever they are; this
// package's own private feedback from before Stop (the turn-resolution nudges) does not. A tool result that is kept
// keeps the assistant message that called it, so every call stays paired with its result.
import type { StopMarker } from "./stop-marker.ts";

/** The custom-message types of this package (private feedback to the model). */
export const PRIVATE_PREFIX = "powercontext-state";

interface MessageShape {
  role?: unknown;
  customType?: unknown;
  timestamp?: unknown;
  toolCallId?: unknown;
  content?: unknown;
}

function timestampOf(message: MessageShape): number | null {
  return typeof message.timestamp === "number" ? message.timestamp : null;
}

function isPrivate(message: MessageShape): boolean {
  return message.role === "custom" && typeof message.customType === "string"
    ? message.customType.startsWith(PRIVATE_PREFIX)
    : false;
}

/** Whether the message stays, before pairing: foreign custom context always; ordinary messages from the anchor on. */
function keptAlone(message: MessageShape, marker: StopMarker): boolean {
  const time = timestampOf(message);
  if (isPrivate(message)) return time === null || time >= marker.at;
  if (message.role === "custom") return true;
  // A message without a timestamp cannot be placed before the anchor, so it stays.
  return time === null || time >= (marker.from ?? marker.at);
}

/** The ids of the tool calls an assistant message makes. */
function callIdsOf(message: MessageShape): string[] {
  if (message.role !== "assistant" || !Array.isArray(message.content)) return [];
  return (message.content as { type?: unknown; id?: unknown }[])
    .filter((block) => block?.type === "toolCall" && typeof block.id === "string")
    .map((block) => block.id as string);
}

/** The post-stop view of `messages`, or null when nothing is dropped. */
export function postStopContext<T>(messages: readonly T[], marker: StopMarker): T[] | null {
  const kept = messages.map((message) => keptAlone(message as MessageShape, marker));
  const keptResults = new Set<string>();
  messages.forEach((message, index) => {
    const value = message as MessageShape;
    if (kept[index] && value.role === "toolResult" && typeof value.toolCallId === "string")
      keptResults.add(value.toolCallId);
  });
  messages.forEach((message, index) => {
    const calls = callIdsOf(message as MessageShape);
    if (!kept[index] && calls.some((id) => keptResults.has(id))) kept[index] = true;
  });
  // Results of a re-admitted call are kept too, so no call is left without its result.
  const admittedCalls = new Set(
    messages.flatMap((message, index) => (kept[index] ? callIdsOf(message as MessageShape) : [])),
  );
  messages.forEach((message, index) => {
    const value = message as MessageShape;
    if (value.role === "toolResult" && typeof value.toolCallId === "string" && admittedCalls.has(value.toolCallId))
      kept[index] = true;
  });
  const result = messages.filter((_message, index) => kept[index]);
  return result.length === messages.length ? null : result;
}
