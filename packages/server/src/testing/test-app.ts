// An in-process app over an in-memory store with a fixed clock, closed when the test ends.
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import type { ReviewPolicy } from "../domain/deps.ts";
import { createExtractor } from "../domain/extract/index.ts";
import { DEFAULT_AUTO_THRESHOLD } from "../domain/review/policy.ts";
import { RecallRecorder } from "../domain/stats/recall-recorder.ts";
import { buildApp, type Lifecycle } from "../http/app.ts";
import { openSqliteStore } from "../store/sqlite/index.ts";
import type { Store } from "../store/types.ts";
import { fixedClock, sequentialIds } from "./fakes.ts";

export interface TestAppOptions {
  token?: string | null;
  reviewPolicy?: ReviewPolicy;
  extractor?: "rules" | "verbatim";
  store?: Store;
  bodyLimit?: number;
}

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  recall: RecallRecorder;
  lifecycle: Lifecycle;
  post(url: string, body: unknown): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
}

export async function buildTestApp(t: TestContext, options: TestAppOptions = {}): Promise<TestApp> {
  const store = options.store ?? (await openSqliteStore(":memory:"));
  const clock = fixedClock();
  const domain = {
    store,
    clock,
    ids: sequentialIds(),
    extractor: createExtractor(options.extractor ?? "rules"),
    reviewPolicy: options.reviewPolicy ?? { mode: "auto", threshold: DEFAULT_AUTO_THRESHOLD },
  };
  const recall = new RecallRecorder(domain);
  const lifecycle: Lifecycle = { accepting: true };
  const app = await buildApp({
    domain,
    recall,
    lifecycle,
    token: options.token ?? null,
    version: "test",
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  t.after(async () => {
    await app.close();
    await store.close();
  });
  return {
    app,
    store,
    recall,
    lifecycle,
    async post(url, body) {
      const response = await app.inject({ method: "POST", url, payload: body as object, headers: { "content-type": "application/json" } });
      return { status: response.statusCode, json: response.json(), headers: response.headers };
    },
  };
}
