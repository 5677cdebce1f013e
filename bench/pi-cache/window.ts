// What one replayed session cost, read from the requests the local model server recorded: input size, the bytes
// after the first divergent byte (what a provider's prompt cache cannot reuse), recall bytes in the window, and an
// effective input cost with cached input at a tenth of the price.
import { commonPrefixBytes, promptText, type WireRequest } from "@powercontext/pi-testing";
import { recallBlocks, recallBytes } from "../../packages/pi/test/support/recall-window.ts";

/** Rough tokens from UTF-8 bytes (English text and JSON average about four bytes a token). */
export const BYTES_PER_TOKEN = 4;
export const CACHED_PRICE = 0.1;

export interface SessionCost {
  requests: number;
  inputTokens: number;
  /** Tokens after the first byte where a request leaves the previous request's text. */
  uncachedTokens: number;
  /** Effective input tokens: the kept prefix at CACHED_PRICE, the rest at full price. */
  effectiveTokens: number;
  /** Recall bytes the last request's window holds (head, patches and messages together). */
  recallBytesAtEnd: number;
  /** Recall bytes first sent by each request, summed: what the recall itself costs at full price once. */
  recallBytesSent: number;
  /**
   * The recall's own effective tokens as ordinary transcript material: each block at full price the first time it
   * is sent, at the cached price on every later request that still carries it.
   */
  recallAsTranscriptTokens: number;
  /** Mean share of the previous request each request keeps as exact prefix. */
  meanKeptPrefix: number;
  minKeptPrefix: number;
}

export function sessionCost(requests: readonly WireRequest[]): SessionCost {
  let input = 0;
  let uncached = 0;
  let effective = 0;
  let recallSent = 0;
  let recallAsTranscript = 0;
  const kept: number[] = [];
  let previous: Buffer | null = null;
  let previousBlocks = new Set<string>();
  for (const request of requests) {
    const text = Buffer.from(promptText(request));
    const prefix = previous === null ? 0 : commonPrefixBytes(previous, text);
    if (previous !== null) kept.push(prefix / previous.length);
    input += text.length;
    uncached += text.length - prefix;
    effective += prefix * CACHED_PRICE + (text.length - prefix);
    // A block the previous request already carried (the same block in a re-sent prompt) is not counted again.
    const blocks = recallBlocks(request);
    for (const block of blocks) {
      const bytes = Buffer.byteLength(block);
      const fresh = !previousBlocks.has(block);
      if (fresh) recallSent += bytes;
      recallAsTranscript += fresh ? bytes : bytes * CACHED_PRICE;
    }
    previousBlocks = new Set(blocks);
    previous = text;
  }
  const tokens = (bytes: number) => Math.round(bytes / BYTES_PER_TOKEN);
  return {
    requests: requests.length,
    inputTokens: tokens(input),
    uncachedTokens: tokens(uncached),
    effectiveTokens: tokens(effective),
    recallBytesAtEnd: requests.length === 0 ? 0 : recallBytes(requests.at(-1) as WireRequest),
    recallBytesSent: recallSent,
    recallAsTranscriptTokens: tokens(recallAsTranscript),
    meanKeptPrefix: kept.length === 0 ? 1 : kept.reduce((sum, value) => sum + value, 0) / kept.length,
    minKeptPrefix: kept.length === 0 ? 1 : Math.min(...kept),
  };
}
