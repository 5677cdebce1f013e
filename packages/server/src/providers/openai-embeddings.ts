// The one embedding provider: any OpenAI-compatible embeddings endpoint (POST {base}/embeddings, JSON), with the
// transport of the chat client (openai-compatible.ts): a per-call deadline that includes queueing, bounded concurrency.
import type { EmbedOptions, EmbedResult, Embedder } from "../search/embeddings/types.ts";
import { createLimiter } from "./limiter.ts";

export interface OpenAiEmbeddingOptions {
  /** e.g. `http://127.0.0.1:11434/v1`; trailing slashes are ignored. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  concurrency: number;
}

/** The vectors of an embeddings response body in input order, or null unless it holds exactly `count` of them. */
export function parseEmbeddings(body: unknown, count: number): number[][] | null {
  if (typeof body !== "object" || body === null) return null;
  const data = "data" in body ? body.data : undefined;
  if (!Array.isArray(data) || data.length !== count) return null;
  const vectors: Array<number[] | undefined> = new Array(count);
  for (const [position, item] of data.entries()) {
    const { embedding, index } = (item ?? {}) as { embedding?: unknown; index?: unknown };
    const at = typeof index === "number" ? index : position;
    if (!Number.isSafeInteger(at) || at < 0 || at >= count || vectors[at] !== undefined) return null;
    if (!Array.isArray(embedding) || !embedding.every((value) => typeof value === "number" && Number.isFinite(value)))
      return null;
    vectors[at] = embedding as number[];
  }
  return vectors as number[][];
}

export function createOpenAiEmbedder(options: OpenAiEmbeddingOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const limiter = createLimiter(options.concurrency);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey !== null) headers.authorization = `Bearer ${options.apiKey}`;

  async function embed(texts: readonly string[], { signal: caller }: EmbedOptions = {}): Promise<EmbedResult> {
    if (texts.length === 0) return { status: "ok", vectors: [] };
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = caller === undefined ? timeout : AbortSignal.any([timeout, caller]);
    if (!(await limiter.acquire(signal))) return { status: "unavailable" };
    try {
      const body = JSON.stringify({ model: options.model, input: texts });
      const response = await fetch(url, { method: "POST", headers, body, signal, redirect: "error" });
      const text = await response.text();
      if (!response.ok) return { status: "unavailable" };
      const vectors = parseEmbeddings(JSON.parse(text), texts.length);
      return vectors ? { status: "ok", vectors } : { status: "unavailable" };
    } catch {
      return { status: "unavailable" };
    } finally {
      limiter.release();
    }
  }

  return { name: options.model, embed };
}
