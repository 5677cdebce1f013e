// Deterministic briefs: the same span always yields the same bytes, bounded, carrying the handle that recovers it.
import { textOf, toolCallsOf } from "./transcript.ts";
import type { Message } from "./types.ts";

export const BRIEF_MAX_CHARS = 1_200;
export const TOOL_NAME = "fold_context";

export interface BriefInput {
  id: string;
  sha256: string;
  messages: readonly Message[];
  /** Direct child fold ids, in order; a fold of folds names its parts instead of listing every call. */
  children?: readonly string[];
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}

/** The fixed first line of every brief: what it is and how to get the original back. */
export function briefHeader(id: string, sha256: string, count: number): string {
  return `[folded ${id}: ${count} messages, sha256:${sha256.slice(0, 16)}; exact original via ${TOOL_NAME} {"action":"peek"|"expand","id":"${id}"}]`;
}

/** A deterministic brief of at most BRIEF_MAX_CHARS characters: header, tool activity, first ask, last answer. */
export function deterministicBrief(input: BriefInput): string {
  const lines = [briefHeader(input.id, input.sha256, input.messages.length)];
  const tools = new Map<string, number>();
  const calls: string[] = [];
  let firstUser = "";
  let lastAssistant = "";
  for (const message of input.messages) {
    for (const call of toolCallsOf(message)) {
      tools.set(call.name, (tools.get(call.name) ?? 0) + 1);
      if (calls.length < 6 && (input.children ?? []).length === 0)
        calls.push(`${call.name} ${oneLine(JSON.stringify(call.arguments ?? {}), 80)}`);
    }
    const text = textOf(message);
    if (message.role === "user" && firstUser === "" && text !== "") firstUser = text;
    if (message.role === "assistant" && text !== "") lastAssistant = text;
  }
  if (tools.size > 0) lines.push(`tools: ${[...tools].map(([name, count]) => `${name}×${count}`).join(", ")}`);
  for (const call of calls) lines.push(`- ${call}`);
  const width = (input.children ?? []).length > 0 ? 120 : 240;
  if (firstUser !== "") lines.push(`asked: ${oneLine(firstUser, width)}`);
  if (lastAssistant !== "") lines.push(`answered: ${oneLine(lastAssistant, width)}`);
  if ((input.children ?? []).length > 0)
    lines.push(`contains folds ${(input.children ?? []).join(", ")} (each peekable by id)`);
  return bound(lines.join("\n"));
}

/** Cuts any brief to the bound; the header (with the handle) always survives. */
export function bound(text: string): string {
  return text.length <= BRIEF_MAX_CHARS ? text : `${text.slice(0, BRIEF_MAX_CHARS - 1)}…`;
}

/** Accepts a model-written or agent-written brief only when it keeps the handle; otherwise null (caller falls back). */
export function acceptBrief(id: string, sha256: string, count: number, written: string): string | null {
  const trimmed = written.trim();
  if (trimmed === "") return null;
  return bound(`${briefHeader(id, sha256, count)}\n${trimmed}`);
}
