// The one model provider: any OpenAI-compatible chat-completions endpoint (POST {base}/chat/completions,
// non-streaming, JSON). Every call is bounded by the timeout (queueing for a slot included) and by the concurrency.
import type { ChatModel, ChatRequest, ChatResult, TokenUsage } from "../domain/model/types.ts";
import { createLimiter } from "./limiter.ts";

export interface OpenAiCompatibleOptions {
  /** e.g. `http://127.0.0.1:11434/v1`; trailing slashes are ignored. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  concurrency: number;
}

const NO_USAGE: TokenUsage = { input_tokens: null, output_tokens: null };

function tokenCount(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The completion text and usage of a chat-completions response body, or null if it is not one. */
export function parseCompletion(body: unknown): { text: string; usage: TokenUsage } | null {
  if (typeof body !== "object" || body === null) return null;
  const choices = "choices" in body ? body.choices : undefined;
  const usage = "usage" in body ? body.usage : undefined;
  if (!Array.isArray(choices)) return null;
  const message = (choices[0] as { message?: { content?: unknown } } | undefined)?.message;
  if (typeof message?.content !== "string") return null;
  const counts = (typeof usage === "object" && usage !== null ? usage : {}) as {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
  };
  return {
    text: message.content,
    usage: { input_tokens: tokenCount(counts.prompt_tokens), output_tokens: tokenCount(counts.completion_tokens) },
  };
}

export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): ChatModel {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const limiter = createLimiter(options.concurrency);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey !== null) headers.authorization = `Bearer ${options.apiKey}`;

  async function complete(request: ChatRequest): Promise<ChatResult> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    if (!(await limiter.acquire(signal))) return { status: "timeout", sent: false };
    let sent = false;
    try {
      const body = JSON.stringify({
        model: options.model,
        messages: request.messages,
        max_tokens: request.max_output_tokens,
        temperature: 0,
        stream: false,
      });
      sent = true;
      const response = await fetch(url, { method: "POST", headers, body, signal, redirect: "error" });
      const text = await response.text();
      if (!response.ok) return { status: "unavailable", sent, usage: NO_USAGE };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { status: "unavailable", sent, usage: NO_USAGE };
      }
      const completion = parseCompletion(parsed);
      return completion ? { status: "ok", ...completion } : { status: "unavailable", sent, usage: NO_USAGE };
    } catch {
      if (signal.aborted) return { status: "timeout", sent };
      return { status: "unavailable", sent: false, usage: NO_USAGE };
    } finally {
      limiter.release();
    }
  }

  return { name: options.model, complete };
}
