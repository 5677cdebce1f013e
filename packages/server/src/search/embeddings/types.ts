// Text embeddings for vector and hybrid search: an optional provider, never required and never on by default.

export type EmbedResult = { status: "ok"; vectors: number[][] } | { status: "unavailable" };

export interface EmbedOptions {
  /** Ends the call early (a recall's deadline); the embedder's own timeout applies as well. */
  signal?: AbortSignal;
}

export interface Embedder {
  /** The model name, for logs. */
  name: string;
  /**
   * One vector per text, in order. Never throws: any transport, status or shape failure (including a count that
   * differs from `texts.length`) is `unavailable`.
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<EmbedResult>;
}
