// What domain functions receive: their whole world. Nothing under domain/ reads the clock, env, files or sockets itself.
import type { Embedder } from "../search/embeddings/types.ts";
import type { VectorIndex } from "../search/semantic/vector-index.ts";
import type { Store } from "../store/types.ts";
import type { Extractor } from "./extract/types.ts";
import type { GenerationLog } from "./model/generation-log.ts";
import type { ChatModel } from "./model/types.ts";

export interface Clock {
  now(): Date;
}

export interface IdSource {
  /** A fresh identifier `<prefix><32 lowercase hex>`. */
  next(prefix: string): string;
}

export type ReviewPolicy = { mode: "auto"; threshold: number } | { mode: "manual" };

export interface DomainDeps {
  store: Store;
  clock: Clock;
  ids: IdSource;
  extractor: Extractor;
  reviewPolicy: ReviewPolicy;
  /** The configured model, or null: everything works without one. Never used on the recall path. */
  model: ChatModel | null;
  generations: GenerationLog;
  /** The configured embedder, or null (the default): `vector` and `hybrid` search need one. Not used by prepare. */
  embedder: Embedder | null;
  /** The built-in semantic layer (word vectors; on by default), or null to recall lexically only. */
  semantic: VectorIndex | null;
}
