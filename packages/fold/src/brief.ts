// Deterministic briefs: the same span always yields the same bytes, bounded, carrying the handle that recovers it.
import { textOf, toolCallsOf } from "./transcript.ts";
import type { Message } from "./types.ts";

export const BRIEF_MAX_CHARS = 1_200;
export const TOOL_NAME = "fold_context";

export interface BriefInput {
  id: string;
  sha256: string;
  messages: readonly Message[];
  /** The fold's index block (brief-index.ts), kept whole: the rest of the brief fits around it. */
  index?: string;
}

/** The text on one line, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}

/** The fixed first line of every brief: what it is and how to get the original back. */
export function briefHeader(id: string, sha256: string, count: number): string {
  return `[folded ${id}: ${count} messages, sha256:${sha256.slice(0, 16)}; exact original via ${TOOL_NAME} {"action":"peek"|"expand","id":"${id}"}]`;
}

/**
 * A deterministic brief of at most BRIEF_MAX_CHARS characters: header, tool activity, the index, then the first ask
 * and the last answer in whatever room the index leaves.
 */
export function deterministicBrief(input: BriefInput): string {
  const lines = [briefHeader(input.id, input.sha256, input.messages.length)];
  const tools = new Map<string, number>();
  let firstUser = "";
  let lastAssistant = "";
  for (const message of input.messages) {
    for (const call of toolCallsOf(message)) tools.set(call.name, (tools.get(call.name) ?? 0) + 1);
    const text = textOf(message);
    if (message.role === "user" && firstUser === "" && text !== "") firstUser = text;
    if (message.role === "assistant" && text !== "") lastAssistant = text;
  }
  if (tools.size > 0)
    lines.push(oneLine(`tools: ${[...tools].map(([name, count]) => `${name}×${count}`).join(", ")}`, 160));
  if (input.index !== undefined && input.index !== "") lines.push(input.index);
  const room = BRIEF_MAX_CHARS - lines.join("\n").length;
  const width = Math.min(240, Math.floor((room - 24) / 2));
  if (width >= 20 && firstUser !== "") lines.push(`asked: ${oneLine(firstUser, width)}`);
  if (width >= 20 && lastAssistant !== "") lines.push(`answered: ${oneLine(lastAssistant, width)}`);
  return bound(lines.join("\n"));
}

/** Cuts any brief to the bound; the header (with the handle) always survives. */
export function bound(text: string): string {
  return text.length <= BRIEF_MAX_CHARS ? text : `${text.slice(0, BRIEF_MAX_CHARS - 1)}…`;
}

/**
 * Accepts a model-written or agent-written brief under the fixed header and the fold's index (both always kept: the
 * body is what the bound cuts); null for an empty text (the caller falls back).
 */
export function acceptBrief(id: string, sha256: string, count: number, written: string, index = ""): string | null {
  const trimmed = written.trim();
  if (trimmed === "") return null;
  return bound(`${briefHeader(id, sha256, count)}${index === "" ? "" : `\n${index}`}\n${trimmed}`);
}
