// Prometheus metrics for one app instance (its own registry, so several apps can live in one process).
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { GenerationLog } from "../domain/model/generation-log.ts";

export interface HttpMetrics {
  registry: Registry;
  requests: Counter<"operation" | "status">;
  duration: Histogram<"operation">;
}

/** HTTP metrics, plus `powercontext_generations_total` read from the domain's generation log at each scrape. */
export function createMetrics(generations?: GenerationLog): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "powercontext_" });
  if (generations) {
    new Counter({
      name: "powercontext_generations_total",
      help: "Generated results by purpose and outcome (model, deterministic, fallback) and fallback reason.",
      labelNames: ["purpose", "outcome", "reason"],
      registers: [registry],
      collect() {
        this.reset();
        for (const { purpose, outcome, reason, count } of generations.counts())
          this.inc({ purpose, outcome, reason }, count);
      },
    });
  }
  return {
    registry,
    requests: new Counter({
      name: "powercontext_http_requests_total",
      help: "HTTP requests by operation and status.",
      labelNames: ["operation", "status"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "powercontext_http_request_duration_seconds",
      help: "HTTP request duration by operation.",
      labelNames: ["operation"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
  };
}
