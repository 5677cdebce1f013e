// What domain functions receive: their whole world. Nothing under domain/ reads the clock, env, files or sockets itself.
import type { EndpointIndex } from "../search/embeddings/endpoint-index.ts";
import type { Embedder } from "../search/embeddings/types.ts";
import type { VectorIndex } from "../search/semantic/vector-index.ts";
import type { Store } from "../store/types.ts";
import type { ExternalSkills } from "./external-skills/registry.ts";
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
  /** The configured embedder, or null (the default): `vector` and `hybrid` search need one. Recall uses `endpoint`. */
  embedder: Embedder | null;
  /** The built-in semantic layer (word vectors; on by default), or null to recall lexically only. */
  semantic: VectorIndex | null;
  /**
   * The embeddings endpoint's index, used by recall (prepare, search `auto`) in place of the built-in mean directions
   * whenever it can serve; null without an endpoint or with semantic recall off.
   */
  endpoint: EndpointIndex | null;
  /** The external Skill registry over the configured roots, or null when none are configured (the default). */
  externalSkills: ExternalSkills | null;
}
