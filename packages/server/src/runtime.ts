// The real-world defaults for the domain's dependencies: system clock, random ids, the configured model (if any),
// extractor and review policy.
import { randomBytes } from "node:crypto";
import type { Config } from "./config.ts";
import type { Clock, DomainDeps, IdSource } from "./domain/deps.ts";
import { createExtractor } from "./domain/extract/index.ts";
import { createGenerationLog } from "./domain/model/generation-log.ts";
import type { ChatModel } from "./domain/model/types.ts";
import { createOpenAiCompatibleModel } from "./model/openai-compatible.ts";
import { createOpenAiEmbedder } from "./model/openai-embeddings.ts";
import type { Embedder } from "./search/embeddings/types.ts";
import type { Store } from "./store/types.ts";
import { VectorIndex } from "./search/semantic/vector-index.ts";
import { LazyWordVectorModel } from "./search/semantic/word-vector-model.ts";

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

export const RANDOM_IDS: IdSource = { next: (prefix) => `${prefix}${randomBytes(16).toString("hex")}` };

export type RuntimeConfig = Pick<Config, "extractor" | "reviewPolicy"> &
  Partial<Pick<Config, "model" | "embedding" | "semanticRecall">>;

/** The configured model provider, or null without one. */
export function createModel(config: Pick<RuntimeConfig, "model">): ChatModel | null {
  if (!config.model) return null;
  return createOpenAiCompatibleModel({
    baseUrl: config.model.baseUrl,
    model: config.model.name,
    apiKey: config.model.apiKey,
    timeoutMs: config.model.timeoutMs,
    concurrency: config.model.concurrency,
  });
}

/** The configured embedder, or null without one (the default). */
export function createEmbedder(config: Pick<RuntimeConfig, "embedding">): Embedder | null {
  if (!config.embedding) return null;
  return createOpenAiEmbedder({
    baseUrl: config.embedding.baseUrl,
    model: config.embedding.name,
    apiKey: config.embedding.apiKey,
    timeoutMs: config.embedding.timeoutMs,
    concurrency: config.embedding.concurrency,
  });
}

export function createDomainDeps(
  store: Store,
  config: RuntimeConfig,
  overrides: {
    clock?: Clock;
    ids?: IdSource;
    embedder?: Embedder | null;
    /** Told once when the built-in word vectors cannot be read (recall then stays lexical). */
    onSemanticUnavailable?: (error: Error) => void;
  } = {},
): DomainDeps {
  const clock = overrides.clock ?? SYSTEM_CLOCK;
  const model = createModel(config);
  const generations = createGenerationLog();
  return {
    store,
    clock,
    ids: overrides.ids ?? RANDOM_IDS,
    extractor: createExtractor(config.extractor, model ? { model, store, clock, generations } : null),
    reviewPolicy: config.reviewPolicy,
    model,
    generations,
    embedder: overrides.embedder !== undefined ? overrides.embedder : createEmbedder(config),
    semantic:
      config.semanticRecall === "off"
        ? null
        : new VectorIndex(store, new LazyWordVectorModel(overrides.onSemanticUnavailable)),
  };
}
