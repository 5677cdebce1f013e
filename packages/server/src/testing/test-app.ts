// An in-process app over an in-memory store with a fixed clock, closed when the test ends.
import type { TestContext } from "node:test";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { ReviewPolicy } from "../domain/deps.ts";
import { DEFAULT_AUTO_THRESHOLD } from "../domain/review/policy.ts";
import { RecallRecorder } from "../domain/stats/recall-recorder.ts";
import type { DomainDeps } from "../domain/deps.ts";
import type { EmbeddingConfig, ExternalSkillsConfig, ExtractorName, ModelConfig } from "../config.ts";
import { buildApp } from "../http/app.ts";
import type { Lifecycle } from "../http/lifecycle.ts";
import { createDomainDeps } from "../runtime.ts";
import type { Embedder } from "../search/embeddings/types.ts";
import { openSqliteStore } from "../store/sqlite/index.ts";
import type { Store } from "../store/types.ts";
import { fixedClock, sequentialIds } from "./fakes.ts";

export interface TestAppOptions {
  token?: string | null;
  reviewPolicy?: ReviewPolicy;
  extractor?: ExtractorName;
  /** A store opened by the test (closed with the app; closing twice is harmless). */
  store?: Store;
  bodyLimit?: number;
  /** A model endpoint, e.g. a fake model server's. */
  model?: ModelConfig;
  /** An embedder for `vector` and `hybrid` search (e.g. the hashing embedder); none by default, as in production. */
  embedder?: Embedder | null;
  /**
   * An embeddings endpoint (e.g. a fake server's), used as configured in production: by recall, through the endpoint
   * index (start it with `domain.endpoint.start`), and by `vector` and `hybrid` search unless `embedder` is given.
   */
  embedding?: EmbeddingConfig;
  /** The built-in semantic layer: on by default, as in production. */
  semanticRecall?: "builtin" | "off";
  /** External Skill roots; none by default, as in production. */
  externalSkills?: ExternalSkillsConfig;
  /** The Handoff Report group: served by default, as in production. */
  handoffReports?: boolean;
}

/** What app.inject takes for a payload: an object is sent as JSON, a string unchanged. */
type Payload = InjectOptions["payload"];

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  domain: DomainDeps;
  recall: RecallRecorder;
  lifecycle: Lifecycle;
  clock: ReturnType<typeof fixedClock>;
  // biome-ignore lint/suspicious/noExplicitAny: tests navigate arbitrary response JSON
  post(url: string, body: Payload): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
}

export async function buildTestApp(t: TestContext, options: TestAppOptions = {}): Promise<TestApp> {
  const store = options.store ?? (await openSqliteStore(":memory:"));
  const clock = fixedClock();
  const domain = createDomainDeps(
    store,
    {
      extractor: options.extractor ?? "rules",
      reviewPolicy: options.reviewPolicy ?? { mode: "auto", threshold: DEFAULT_AUTO_THRESHOLD },
      model: options.model ?? null,
      embedding: options.embedding ?? null,
      semanticRecall: options.semanticRecall ?? "builtin",
      externalSkills: options.externalSkills ?? null,
    },
    {
      clock,
      ids: sequentialIds(),
      ...(options.embedder !== undefined || options.embedding === undefined
        ? { embedder: options.embedder ?? null }
        : {}),
    },
  );
  const recall = new RecallRecorder(domain);
  const lifecycle: Lifecycle = { accepting: true };
  const app = await buildApp({
    domain,
    recall,
    lifecycle,
    token: options.token ?? null,
    version: "test",
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.handoffReports === undefined ? {} : { handoffReports: options.handoffReports }),
  });
  t.after(async () => {
    await app.close();
    await domain.endpoint?.close();
    await store.close();
  });
  return {
    app,
    store,
    domain,
    recall,
    lifecycle,
    clock,
    async post(url, body) {
      const response = await app.inject({
        method: "POST",
        url,
        payload: body,
        headers: { "content-type": "application/json" },
      });
      return { status: response.statusCode, json: response.json(), headers: response.headers };
    },
  };
}
