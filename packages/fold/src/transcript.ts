// Structure of the live window: atomic units (a tool call never apart from its results) and chapters (user turns).
import type { Item, Message } from "./types.ts";

export interface ToolCallInfo {
  id: string;
  name: string;
  arguments: unknown;
}

export interface Unit {
  /** Inclusive item indices. */
  start: number;
  end: number;
  kind: "tool" | "message";
  /** Tool units: every call has its result inside the unit. */
  complete: boolean;
  toolNames: string[];
}

export interface Chapter {
  start: number;
  end: number;
  /** A later user message exists, so the chapter is structurally closed. */
  closed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function toolCallsOf(message: Message): ToolCallInfo[] {
  if (message.role !== "assistant" || !Array.isArray(message.content)) return [];
  const calls: ToolCallInfo[] = [];
  for (const block of message.content as unknown[]) {
    if (isRecord(block) && block.type === "toolCall" && typeof block.id === "string") {
      calls.push({ id: block.id, name: typeof block.name === "string" ? block.name : "", arguments: block.arguments });
    }
  }
  return calls;
}

/** Plain text of a message's content (text blocks only). */
export function textOf(message: Message): string {
  const content = message.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return typeof message.summary === "string" ? message.summary : "";
  return (content as unknown[])
    .map((block) => (isRecord(block) && block.type === "text" && typeof block.text === "string" ? block.text : ""))
    .filter((text) => text !== "")
    .join("\n");
}

/** Splits items into atomic units. A tool unit is an assistant message with tool calls plus the results that follow it. */
export function unitsOf(items: readonly Item[]): Unit[] {
  const units: Unit[] = [];
  let open: { unit: Unit; pending: Set<string> } | null = null;
  for (let index = 0; index < items.length; index += 1) {
    const message = (items[index] as Item).message;
    if (message.role === "toolResult" && open !== null) {
      open.unit.end = index;
      if (typeof message.toolCallId === "string") open.pending.delete(message.toolCallId);
      open.unit.complete = open.pending.size === 0;
      continue;
    }
    const calls = toolCallsOf(message);
    if (calls.length > 0) {
      const unit: Unit = {
        start: index,
        end: index,
        kind: "tool",
        complete: false,
        toolNames: calls.map((call) => call.name),
      };
      units.push(unit);
      open = { unit, pending: new Set(calls.map((call) => call.id)) };
      continue;
    }
    if (message.role === "toolResult") {
      const previous = units.at(-1);
      if (previous !== undefined) {
        previous.end = index;
        continue;
      }
    }
    open = null;
    units.push({ start: index, end: index, kind: "message", complete: true, toolNames: [] });
  }
  return units;
}

/** User turns: each starts at a user message and runs to the item before the next one. */
export function chaptersOf(items: readonly Item[]): Chapter[] {
  const starts: number[] = [];
  items.forEach((item, index) => {
    if (item.message.role === "user") starts.push(index);
  });
  return starts.map((start, position) => {
    const next = starts[position + 1];
    return { start, end: next === undefined ? items.length - 1 : next - 1, closed: next !== undefined };
  });
}

/** True when [start, end] begins and ends on unit boundaries, so no tool call is separated from its result. */
export function isUnitAligned(units: readonly Unit[], start: number, end: number): boolean {
  return units.some((unit) => unit.start === start) && units.some((unit) => unit.end === end);
}

/**
 * Checks tool linkage of a projected message list: every tool result follows the assistant message that called it,
 * with only other results of that batch between them. Returns the first violation, or null.
 */
export function findLinkageViolation(messages: readonly Message[]): string | null {
  let open = new Set<string>();
  let pending = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === "toolResult") {
      if (typeof message.toolCallId !== "string" || !open.has(message.toolCallId)) {
        return `message ${index}: tool result ${String(message.toolCallId)} does not follow its call`;
      }
      pending.delete(message.toolCallId);
      continue;
    }
    if (pending.size > 0) return `message ${index}: tool call ${[...pending].join(", ")} has no result before it`;
    open = new Set(toolCallsOf(message).map((call) => call.id));
    pending = new Set(open);
  }
  return null;
}
