// A configured embeddings endpoint as a second semantic index beside the built-in one: the entries' vectors come from
// the endpoint (endpoint-signer.ts), embedded in batches in the background and stored beside the entries under the
// endpoint's model name; a recall embeds its prompt through the endpoint under a deadline and scores by the
// endpoint's mean directions. Whenever the endpoint cannot serve a recall (not probed yet, down, slow, the scope not
// embedded yet, its vectors changed dimensions), `forRecall` answers null and the recall uses the built-in layer.
import type { Store } from "../../store/types.ts";
import type { SemanticModel } from "../semantic/word-vector-model.ts";
import { VectorIndex } from "../semantic/vector-index.ts";
import { embeddableText, endpointSigner } from "./endpoint-signer.ts";
import type { EmbedResult, Embedder } from "./types.ts";

/** After the endpoint fails, it is not asked again for this long: a down endpoint would cost every turn its deadline. */
export const RETRY_AFTER_MS = 30_000;
/** Entries embedded per call of the endpoint. */
export const EMBED_BATCH = 32;
/** A progress event is reported each time this many more entries were embedded. */
const PROGRESS_EVERY = 1000;
/** Embedded once at start to learn the endpoint's dimension (part of the stored vectors' name). */
const PROBE_TEXT = "What does this project use?";

export type EndpointEvent =
  | { kind: "ready"; model: string; dimensions: number }
  | { kind: "embedded"; model: string; entries: number }
  | { kind: "backfilled"; model: string; scope_id: string; entries: number; computed: number }
  | { kind: "backfill_finished"; model: string; scopes: number }
  | { kind: "backfill_stopped"; model: string; error: Error }
  | { kind: "dimensions_changed"; model: string; dimensions: number }
  | { kind: "unavailable"; reason: "error" | "timeout"; retry_ms: number };

export interface EndpointIndexOptions {
  store: Store;
  /** The built-in model: its words and concepts go into every signature (endpoint-signer.ts). */
  builtin: SemanticModel;
  /** The endpoint's model name as configured. */
  name: string;
  /** Embeds prompts during recalls. */
  prompts: Embedder;
  /** Embeds entries in the background, on its own connections: a long backfill never holds up a prompt. */
  entries: Embedder;
  /** How long a recall waits for its prompt's vector before it uses the built-in layer. */
  recallTimeoutMs: number;
  retryAfterMs?: number;
  batchSize?: number;
  now?: () => number;
}

/** What a recall scores with when the endpoint serves it: the endpoint's index and the prompt's unit vector. */
export interface EndpointRecall {
  index: VectorIndex;
  mean: Float32Array;
}

interface Layer {
  model: string;
  dimensions: number;
  index: VectorIndex;
}

export class EndpointIndex {
  readonly #options: Required<EndpointIndexOptions>;
  #layer: Layer | null = null;
  #starting: Promise<void> | null = null;
  /** Until then the endpoint is not asked (see RETRY_AFTER_MS). */
  #retryAt = 0;
  #embedded = 0;
  /** Set by `start`: until then recall uses the built-in layer, and nothing is sent to the endpoint. */
  #started = false;
  #closed = false;
  #report: (event: EndpointEvent) => void = () => undefined;

  constructor(options: EndpointIndexOptions) {
    this.#options = { retryAfterMs: RETRY_AFTER_MS, batchSize: EMBED_BATCH, now: Date.now, ...options };
  }

  /** The name the current vectors are stored under, or null until the endpoint answered its first call. */
  get model(): string | null {
    return this.#layer?.model ?? null;
  }

  /**
   * Learns the endpoint's dimension, then embeds and stores every entry that lacks a vector under its model, scope by
   * scope, telling `report` how it goes (here and whenever the index later starts again by itself: after the endpoint
   * was down at start, or changed dimensions). Until it is called, recall uses the built-in layer. Never rejects.
   */
  async start(report: (event: EndpointEvent) => void): Promise<void> {
    this.#report = report;
    this.#started = true;
    this.#retryAt = 0;
    this.#startInBackground();
    await this.#starting;
  }

  /** Stops the background embedding at its next batch and waits for it; recalls use the built-in layer from now on. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#starting;
  }

  /**
   * The endpoint's index and the prompt's vector for one recall, or null when the built-in layer must answer it.
   * Never rejects; waits at most the recall timeout. A scope not embedded yet starts loading in the background.
   */
  async forRecall(scopeId: string, text: string): Promise<EndpointRecall | null> {
    if (!this.#started || this.#down()) return null;
    const layer = this.#layer;
    if (layer === null) {
      this.#startInBackground();
      return null;
    }
    // Brought up to date while the prompt is embedded (new entries are embedded meanwhile); recall waits for it briefly.
    layer.index.refresh(scopeId).catch(() => undefined);
    if (!layer.index.loaded(scopeId)) return null;
    const mean = await this.#embedPrompt(layer, text);
    return mean === null ? null : { index: layer.index, mean };
  }

  /** See VectorIndex.forget: after a purge, the scope is read afresh. */
  forget(scopeId: string): void {
    this.#layer?.index.forget(scopeId);
  }

  #down(): boolean {
    return this.#closed || this.#options.now() < this.#retryAt;
  }

  #startInBackground(): void {
    if (this.#starting !== null || this.#down()) return;
    this.#starting = this.#start().finally(() => {
      this.#starting = null;
    });
  }

  async #start(): Promise<void> {
    const probe = await embedSafely(this.#options.entries, [PROBE_TEXT]);
    const dimensions = probe.status === "ok" ? (probe.vectors[0]?.length ?? 0) : 0;
    if (dimensions === 0) {
      this.#fail("error");
      return;
    }
    const layer = this.#makeLayer(dimensions);
    this.#layer = layer;
    this.#report({ kind: "ready", model: layer.model, dimensions });
    try {
      const scopes = await layer.index.backfill((done) =>
        this.#report({ kind: "backfilled", model: layer.model, ...done }),
      );
      this.#report({ kind: "backfill_finished", model: layer.model, scopes });
    } catch (error) {
      this.#report({ kind: "backfill_stopped", model: layer.model, error: error as Error });
    }
  }

  #makeLayer(dimensions: number): Layer {
    const { store, builtin, name, batchSize } = this.#options;
    // The signer asks for vectors only once the layer below exists.
    let layer: Layer | undefined;
    const embed = (texts: string[]) => this.#embedEntries(layer as Layer, texts);
    const signer = endpointSigner({ name, dimensions, builtin, batchSize, embed });
    layer = { model: signer.model, dimensions, index: new VectorIndex(store, builtin, signer) };
    return layer;
  }

  /** Entries' vectors for the signer; rejects (stopping that refresh, which is tried again later) on any failure. */
  async #embedEntries(layer: Layer, texts: string[]): Promise<number[][]> {
    if (this.#down()) throw new Error("the embeddings endpoint failed recently (or the Server is closing)");
    const result = await embedSafely(this.#options.entries, texts);
    if (result.status !== "ok") {
      this.#fail("error");
      throw new Error("the embeddings endpoint did not answer");
    }
    const wrong = result.vectors.find((vector) => vector.length !== layer.dimensions);
    if (wrong !== undefined) {
      this.#dimensionsChanged(layer, wrong.length);
      throw new Error(
        `the embeddings endpoint's vectors changed from ${layer.dimensions} to ${wrong.length} dimensions`,
      );
    }
    const before = Math.floor(this.#embedded / PROGRESS_EVERY);
    this.#embedded += texts.length;
    if (Math.floor(this.#embedded / PROGRESS_EVERY) > before)
      this.#report({ kind: "embedded", model: layer.model, entries: this.#embedded });
    return result.vectors;
  }

  /** The prompt's unit vector, or null (the endpoint failed, was late, or answered another dimension). */
  async #embedPrompt(layer: Layer, text: string): Promise<Float32Array | null> {
    const deadline = new AbortController();
    const { signal } = deadline;
    let timer: NodeJS.Timeout | undefined;
    // The race keeps the deadline even with an embedder that ignores the signal.
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        deadline.abort();
        resolve(null);
      }, this.#options.recallTimeoutMs);
    });
    const embedded = embedSafely(this.#options.prompts, [embeddableText(text)], signal);
    const result = await Promise.race([embedded, late]).finally(() => clearTimeout(timer));
    const vector = result?.status === "ok" ? result.vectors[0] : undefined;
    if (vector === undefined) {
      this.#fail(signal.aborted ? "timeout" : "error");
      return null;
    }
    if (vector.length !== layer.dimensions) {
      this.#dimensionsChanged(layer, vector.length);
      return null;
    }
    return unitVector(vector);
  }

  #fail(reason: "error" | "timeout"): void {
    const retryMs = this.#options.retryAfterMs;
    this.#retryAt = this.#options.now() + retryMs;
    this.#report({ kind: "unavailable", reason, retry_ms: retryMs });
  }

  /** The endpoint now serves another model under the same name: its vectors are made again from the start. */
  #dimensionsChanged(layer: Layer, dimensions: number): void {
    if (this.#layer !== layer) return;
    this.#layer = null;
    this.#report({ kind: "dimensions_changed", model: layer.model, dimensions });
    this.#startInBackground();
  }
}

/** The embedder's answer; `unavailable` should one break its promise never to reject. */
function embedSafely(embedder: Embedder, texts: string[], signal?: AbortSignal): Promise<EmbedResult> {
  return embedder.embed(texts, signal === undefined ? {} : { signal }).catch(() => ({ status: "unavailable" }));
}

/** `vector` scaled to unit length, or null for a zero vector. */
function unitVector(vector: readonly number[]): Float32Array | null {
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) return null;
  const scale = 1 / Math.sqrt(norm);
  return Float32Array.from(vector, (value) => value * scale);
}
