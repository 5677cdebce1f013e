// Renders the OpenAPI document from the route schemas of a real app (in-memory store; nothing listens).
import { RecallRecorder } from "../src/domain/stats/recall-recorder.ts";
import { buildApp } from "../src/http/app.ts";
import { createDomainDeps } from "../src/runtime.ts";
import { openSqliteStore } from "../src/store/sqlite/index.ts";

export const OPENAPI_PATH = new URL("../../../openapi/powercontext.yaml", import.meta.url);

export async function renderOpenApiYaml(): Promise<string> {
  const store = await openSqliteStore(":memory:");
  const domain = createDomainDeps(store, { extractor: "rules", reviewPolicy: { mode: "manual" } });
  const app = await buildApp({
    domain,
    recall: new RecallRecorder(domain),
    lifecycle: { accepting: true },
    token: null,
    version: "openapi",
  });
  try {
    return app.swagger({ yaml: true });
  } finally {
    await app.close();
    await store.close();
  }
}
