// The optional summarizer: a model writes the body of a new fold's brief between the commit's decision and its save,
// so the brief is still fixed at commit time. The model writes only the body: the header with the handle and SHA-256
// and the fold's index are always ours, so no brief can lose its handle or its index. Any failure (throw, timeout, empty or missing answer, over-length)
// keeps the deterministic brief. No Pi imports; the extension entry supplies the model call.
import { BRIEF_MAX_CHARS, briefHeader } from "./brief.ts";
import { renderIndex } from "./brief-index.ts";
import { locate } from "./fold.ts";
import { textOf, toolCallsOf } from "./transcript.ts";
import type { CommitRecord, FoldState, Item, Message } from "./types.ts";

/** Characters of transcript a summarizer request may carry (the bounded input span); the rest is cut, marked. */
export const SUMMARY_INPUT_CHARS = 24_000;
/** Milliseconds one commit waits for all its summaries together before keeping the deterministic briefs. */
export const SUMMARY_TIMEOUT_MS = 20_000;

export interface SummarizeRequest {
  /** The fold id, for attribution only. */
  id: string;
  /** The instruction and the bounded transcript of the span, as one user prompt. */
  prompt: string;
  /** The largest body (characters) that is accepted; a longer answer falls back, it is never cut. */
  maxChars: number;
}

/** Writes one brief body. May throw; must stop when the signal aborts. No tools. */
export type Summarize = (request: SummarizeRequest, signal: AbortSignal) => Promise<string>;

export interface SummaryOutcome {
  fold: string;
  status: "summarized" | "fallback";
  /** Why the deterministic brief was kept: error, timeout, empty, over-length, not-in-window. */
  reason?: string;
}

export interface SummarizeCommitInput {
  summarize: Summarize;
  state: FoldState;
  record: CommitRecord;
  items: readonly Item[];
  timeoutMs?: number;
}

/** The transcript of a span as plain lines, cut to SUMMARY_INPUT_CHARS. */
export function spanTranscript(messages: readonly Message[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    const text = textOf(message).replace(/\s+/g, " ").trim();
    const calls = toolCallsOf(message).map((call) => `${call.name}(${JSON.stringify(call.arguments ?? {})})`);
    const name = message.role === "toolResult" ? `toolResult ${String(message.toolName ?? "")}` : message.role;
    lines.push(`${name}: ${[text, ...calls].filter((part) => part !== "").join(" ")}`);
  }
  const all = lines.join("\n");
  return all.length <= SUMMARY_INPUT_CHARS ? all : `${all.slice(0, SUMMARY_INPUT_CHARS)}\n[… cut]`;
}

export function summaryPrompt(transcript: string, maxChars: number): string {
  return [
    `Summarize this span of an agent session as a factual brief of at most ${maxChars} characters.`,
    "State what was asked, what was done (tools, files, commands) and what was found or decided.",
    "Plain text only, no preamble, no tool calls.",
    "",
    transcript,
  ].join("\n");
}

/**
 * Asks the summarizer for the brief of every fold this commit created and returns the state with the briefs it
 * accepted (marked `summarized`). All requests run at once under one timeout; never throws.
 */
export async function summarizeCommit({
  summarize,
  state,
  record,
  items,
  timeoutMs = SUMMARY_TIMEOUT_MS,
}: SummarizeCommitInput): Promise<{ state: FoldState; outcomes: SummaryOutcome[] }> {
  const next = structuredClone(state);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      resolve("timeout");
      controller.abort();
    }, timeoutMs);
  });
  const jobs = record.folded.map(async (id): Promise<SummaryOutcome> => {
    const fold = next.folds[id];
    const start = fold === undefined ? null : locate(fold, items);
    if (fold === undefined || start === null || fold.summarized === true)
      return { fold: id, status: "fallback", reason: "not-in-window" };
    const index = renderIndex(next, fold);
    const header = `${briefHeader(fold.id, fold.sha256, fold.leaves.length)}${index === "" ? "" : `\n${index}`}`;
    const maxChars = BRIEF_MAX_CHARS - header.length - 1;
    const messages = items.slice(start, start + fold.leaves.length).map((item) => item.message);
    let written: unknown;
    try {
      const answer = await Promise.race([
        summarize({ id, prompt: summaryPrompt(spanTranscript(messages), maxChars), maxChars }, controller.signal),
        timeout,
      ]);
      if (answer === "timeout") return { fold: id, status: "fallback", reason: "timeout" };
      written = answer;
    } catch (error) {
      return { fold: id, status: "fallback", reason: `error: ${error instanceof Error ? error.message : error}` };
    }
    const body = typeof written === "string" ? written.trim() : "";
    if (body === "") return { fold: id, status: "fallback", reason: "empty" };
    if (body.length > maxChars) return { fold: id, status: "fallback", reason: "over-length" };
    fold.brief = `${header}\n${body}`;
    fold.summarized = true;
    return { fold: id, status: "summarized" };
  });
  const outcomes = await Promise.all(jobs);
  clearTimeout(timer);
  return { state: next, outcomes };
}
