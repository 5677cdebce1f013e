// The real-world defaults for the domain's dependencies: system clock, random ids, the configured model (if any),
// extractor and review policy.
import { randomBytes } from "node:crypto";
import { ExternalSkillRegistry, type ExternalSkills } from "./domain/external-skills/registry.ts";
import { createSkillFolders } from "./external-skills/skill-folders.ts";
import type { Config, EmbeddingConfig } from "./config.ts";
import type { Clock, DomainDeps, IdSource } from "./domain/deps.ts";
import { createExtractor } from "./domain/extract/index.ts";
import { createGenerationLog } from "./domain/model/generation-log.ts";
import type { ChatModel } from "./domain/model/types.ts";
import { createOpenAiCompatibleModel } from "./providers/openai-compatible.ts";
import { createOpenAiEmbedder } from "./providers/openai-embeddings.ts";
import { EndpointIndex } from "./search/embeddings/endpoint-index.ts";
import type { Embedder } from "./search/embeddings/types.ts";
import type { Store } from "./store/types.ts";
import { VectorIndex } from "./search/semantic/vector-index.ts";
import { LazyWordVectorModel, type SemanticModel } from "./search/semantic/word-vector-model.ts";

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

export const RANDOM_IDS: IdSource = { next: (prefix) => `${prefix}${randomBytes(16).toString("hex")}` };

export type RuntimeConfig = Pick<Config, "extractor" | "reviewPolicy"> &
  Partial<Pick<Config, "model" | "embedding" | "semanticRecall" | "externalSkills">>;

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

/** The external Skill registry over the configured roots, or null without any (the default). */
export function createExternalSkills(config: Pick<RuntimeConfig, "externalSkills">): ExternalSkills | null {
  const configured = config.externalSkills;
  if (!configured) return null;
  return {
    folders: createSkillFolders(configured.roots),
    registry: new ExternalSkillRegistry(),
    host_id: configured.hostId,
  };
}

/** The configured embedder, or null without one (the default). */
export function createEmbedder(config: Pick<RuntimeConfig, "embedding">): Embedder | null {
  return config.embedding ? embedderOf(config.embedding, config.embedding.concurrency) : null;
}

/**
 * The configured endpoint's index for recall, or null without an endpoint or with semantic recall off. Entries are
 * embedded on one connection of their own, so that a backfill leaves the prompts' connections free.
 */
export function createEndpointIndex(
  store: Store,
  builtin: SemanticModel,
  config: Pick<RuntimeConfig, "embedding" | "semanticRecall">,
): EndpointIndex | null {
  const { embedding } = config;
  if (!embedding || config.semanticRecall === "off") return null;
  return new EndpointIndex({
    store,
    builtin,
    name: embedding.name,
    prompts: embedderOf(embedding, embedding.concurrency),
    entries: embedderOf(embedding, 1),
    recallTimeoutMs: embedding.recallTimeoutMs,
  });
}

function embedderOf(embedding: EmbeddingConfig, concurrency: number): Embedder {
  return createOpenAiEmbedder({
    baseUrl: embedding.baseUrl,
    model: embedding.name,
    apiKey: embedding.apiKey,
    timeoutMs: embedding.timeoutMs,
    concurrency,
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
  const builtin = new LazyWordVectorModel(overrides.onSemanticUnavailable);
  return {
    store,
    clock,
    ids: overrides.ids ?? RANDOM_IDS,
    extractor: createExtractor(config.extractor, model ? { model, store, clock, generations } : null),
    reviewPolicy: config.reviewPolicy,
    model,
    generations,
    embedder: overrides.embedder !== undefined ? overrides.embedder : createEmbedder(config),
    semantic: config.semanticRecall === "off" ? null : new VectorIndex(store, builtin),
    endpoint: createEndpointIndex(store, builtin, config),
    externalSkills: createExternalSkills(config),
  };
}
